import { z } from 'zod';
import { field, type CommonOptions } from '../field';

/**
 * One file of an attachments field, as the storage service described it on upload. The services
 * replace the descriptive parts (fileName, mimeType, size) with what storage recorded, so a client
 * cannot make a record claim a file is something else.
 */
export const attachmentSchema = z
  .object({
    driverUid: z.string().min(1).max(100),
    /** The stored name the upload answered (a uuid). */
    name: z.uuid().transform((name) => name.toLowerCase()),
    fileName: z.string().min(1).max(255),
    mimeType: z.string().min(1).max(255),
    size: z.number().int().min(0),
  })
  .strict();
export type Attachment = z.output<typeof attachmentSchema>;

/** Whether a MIME type matches an `accept` list of types and `type/*` wildcards (no list: anything). */
export function acceptsType(accept: readonly string[] | undefined, mimeType: string): boolean {
  if (!accept || accept.length === 0) return true;
  const type = mimeType.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
}

export interface AttachmentsOptions extends CommonOptions<Attachment[]> {
  /** Most files a record may have (10 when absent). */
  max?: number;
  /** MIME types or `type/*` wildcards accepted; any type the storage service stores when absent. */
  accept?: readonly string[];
}

/** Files kinds. */
export function attachmentKinds() {
  return {
    /**
     * Files uploaded to the storage service: a JSON array of {driverUid, name, fileName, mimeType, size}
     * (SQL jsonb). The services check each file exists for the tenant. Only `isNull` filters it; an
     * empty list is no value (the forms send null).
     */
    attachments(opts: AttachmentsOptions = {}) {
      const { max = 10, accept, ...common } = opts;
      const schema = z.array(attachmentSchema).superRefine((list, ctx) => {
        if (common.required && list.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.required' });
        if (list.length > max) ctx.addIssue({ code: 'custom', message: 'validation.maxFiles', params: { max } });
        list.forEach((file, index) => {
          if (!acceptsType(accept, file.mimeType))
            ctx.addIssue({
              code: 'custom',
              path: [index],
              message: 'validation.fileType',
              params: { type: file.mimeType },
            });
        });
      });
      return field(
        'attachments',
        schema,
        'jsonb',
        ['isNull'],
        { sortable: false, ...common },
        {
          maxItems: max,
          accept,
        },
      );
    },
  };
}
