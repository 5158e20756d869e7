import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Attachment } from '../../../resources/schema';
import type { Db } from '../../db/tables';
import { FileStore } from './disk';
import { files } from './files';
import { sanitizeFileName } from './names';

/** A file the server itself makes (a signature, a rendered PDF), to be held by an attachments field. */
export interface ServerFile {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/**
 * The storage service's server-side API: what an upload does, for bytes the services produce. The row
 * is written in the caller's tenant transaction, so a record that names the file commits with it.
 */
export interface ServerFiles {
  /** Stores the bytes and answers the attachment value that names them. */
  store(trx: Db, tenant: string, file: ServerFile, createdBy: string): Promise<Attachment>;
  /** The bytes of a stored file of the tenant; undefined when there are none. */
  read(tenant: string, attachment: Pick<Attachment, 'name'>): Promise<Buffer | undefined>;
}

export function serverFiles(options: {
  filesDir: string;
  driverOf: (tenant: string) => string | undefined;
}): ServerFiles {
  const disk = new FileStore(options.filesDir);
  return {
    async store(trx, tenant, file, createdBy) {
      const driverUid = options.driverOf(tenant);
      if (!driverUid) throw new Error(`Tenant ${tenant} has no file storage`);
      const temp = disk.tempPath();
      await mkdir(dirname(temp), { recursive: true });
      await writeFile(temp, file.content);
      const name = randomUUID();
      try {
        const meta = await files.insert(
          trx,
          tenant,
          {
            driverUid,
            name,
            fileName: sanitizeFileName(file.fileName),
            mimeType: file.mimeType,
            size: file.content.length,
            sha256: createHash('sha256').update(file.content).digest('hex'),
          },
          createdBy,
        );
        // A rolled-back transaction leaves these bytes unnamed, never a row without its bytes.
        await disk.commit(temp, tenant, name);
        return { driverUid, name, fileName: meta.fileName, mimeType: meta.mimeType, size: meta.size };
      } finally {
        await rm(temp, { force: true });
      }
    },
    async read(tenant, attachment) {
      const stream = await disk.open(tenant, attachment.name);
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
