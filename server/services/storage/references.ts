import type { Kysely } from 'kysely';
import { acceptsType, type Attachment, type ResourceDefinition } from '../../../resources/schema';
import type { Db, AllTables } from '../../db/tables';
import { problems, type ProblemItem } from '../../http/errors';
import { invalidFields, renderIssues, type Lang } from '../../http/lang';
import { registerKindResolver } from '../../records';
import { files } from './files';

type Row = Record<string, unknown>;

/**
 * Checks the files of a record's attachments fields against storage.files, in the record's own tenant
 * transaction: each must exist for the tenant under the driver it names (400 naming `field.index`
 * otherwise). The stored description replaces the client's, so a record can only claim what was
 * uploaded, and a field's `accept` list is judged on the type detected from the content.
 */
export async function resolveAttachments(
  db: Db,
  def: ResourceDefinition,
  tenant: string,
  values: Row,
  lang: Lang,
): Promise<Row> {
  const present = Object.entries(def.fields).filter(
    ([name, field]) => field.kind === 'attachments' && Array.isArray(values[name]),
  );
  if (present.length === 0) return values;

  const names = present.flatMap(([name]) => (values[name] as Attachment[]).map((file) => file.name));
  const stored = await files.findMany(db as Kysely<AllTables>, tenant, names);
  const out = { ...values };
  const issues: { path: string; key: string; params: Record<string, string | number> }[] = [];
  for (const [name, field] of present) {
    const seen = new Set<string>();
    const resolved: Attachment[] = [];
    (values[name] as Attachment[]).forEach((file, index) => {
      const meta = stored.get(file.name);
      if (!meta || meta.driverUid !== file.driverUid) {
        issues.push({ path: `${name}.${index}`, key: 'validation.file', params: {} });
        return;
      }
      if (!acceptsType(field.accept, meta.mimeType)) {
        issues.push({ path: `${name}.${index}`, key: 'validation.fileType', params: { type: meta.mimeType } });
        return;
      }
      // The same file twice is once.
      if (seen.has(meta.name)) return;
      seen.add(meta.name);
      const { driverUid, fileName, mimeType, size } = meta;
      resolved.push({ driverUid, name: meta.name, fileName, mimeType, size });
    });
    // An empty list is no value: `isNull` then finds the record.
    out[name] = resolved.length === 0 ? null : resolved;
  }
  if (issues.length > 0) {
    const errors: ProblemItem[] = renderIssues(lang, issues);
    throw problems.validation(errors, invalidFields(lang, errors));
  }
  return out;
}

/** Lets the record engine check attachments fields against this service's files (server/records/kinds.ts). */
export function registerStorageKinds(): void {
  registerKindResolver('attachments', resolveAttachments);
}
