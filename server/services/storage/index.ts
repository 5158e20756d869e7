import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { withTenant } from '../../db/tenancy';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../http/auth';
import { HttpProblem, problems } from '../../http/errors';
import { requestLang } from '../../http/lang';
import { mayReadFile, type AttachmentHolder } from './access';
import { FileStore } from './disk';
import { files, type FileMeta } from './files';
import { contentDisposition } from './names';
import { deleteSchema, getDirectlySchema, getSchema, metaSchema, uploadSchema } from './schemas';
import { classify, contentTypeHeader, isInline } from './sniff';
import { receiveUpload, storageProblem } from './upload';

export interface StorageOptions {
  db: Db;
  verify: VerifyToken;
  /** Where the bytes live: `<filesDir>/<tenant>/<uuid>`. */
  filesDir: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** The tenant's `features.storageDriverGuid`; undefined for a tenant without a config. */
  driverOf: (tenant: string) => string | undefined;
  /** The resources whose records hold files: reading a file follows reading one of them (access.ts). */
  holders: readonly AttachmentHolder[];
}

const fileQuery = z.object({ driverUid: z.string().min(1).max(100), name: z.string().min(1).max(100) }).strict();

type NameParams = { Params: { name: string } };

/**
 * The storage service (docs/wire-contract.md#files): upload, get, get-directly, metadata and delete of a
 * tenant's files. Any user of the tenant may upload; a file is read by its uploader and by whoever
 * may read a record holding it (access.ts), anyone else gets 404; only administrators and the
 * uploader may delete.
 */
export async function storageService(app: FastifyInstance, options: StorageOptions): Promise<void> {
  const { db } = options;
  const store = new FileStore(options.filesDir);
  await store.init();

  // Schemas here are documentation: zod checks the inputs, and handlers write the answers as they are.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Uploads are multipart only: any other body is refused before a handler runs.
  app.removeAllContentTypeParsers();
  await app.register(multipart, { throwFileSizeLimit: false });
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw storageProblem(415, 'notMultipart', langOf(request));
    // Everything else as in the rest of the server.
    throw error;
  });
  app.addHook('preHandler', requireUser(options.verify));

  const driverOf = (tenant: string) => {
    const driver = options.driverOf(tenant);
    if (!driver) throw problems.notFound('This tenant has no file storage.');
    return driver;
  };

  app.post('/api/files', { schema: uploadSchema }, async (request, reply) => {
    const user = currentUser(request);
    const lang = langOf(request);
    const driverUid = driverOf(user.tenant);
    if (!request.isMultipart()) throw storageProblem(415, 'notMultipart', lang);
    const received = await receiveUpload(request, store.tempPath(), options.maxBytes, lang);
    const name = randomUUID();
    let moved = false;
    try {
      const verdict = await classify(received);
      if (!verdict.ok) {
        throw storageProblem(415, verdict.reason === 'type' ? 'type' : 'mismatch', lang, {
          type: verdict.detected,
          fileName: received.fileName,
        });
      }
      const meta = await withTenant(db, user.tenant, async (trx) => {
        const row = await files.insert(
          trx,
          user.tenant,
          {
            driverUid,
            name,
            fileName: received.fileName,
            mimeType: verdict.mimeType,
            size: received.size,
            sha256: received.sha256,
          },
          user.username,
        );
        // Inside the transaction: if the move fails, no row names a file that is not there.
        await store.commit(received.path, user.tenant, name);
        moved = true;
        return row;
      });
      return reply.code(201).send({ data: meta });
    } catch (error) {
      // The commit failed after the move: no row names the file, so it goes too.
      if (moved) await store.remove(user.tenant, name);
      throw error;
    } finally {
      await rm(received.path, { force: true });
    }
  });

  /** The row of a request's driverUid and name, or 404 for anything this tenant does not have. */
  const lookUp = async (request: FastifyRequest): Promise<FileMeta> => {
    const user = currentUser(request);
    const parsed = fileQuery.safeParse(request.query);
    if (!parsed.success) {
      throw problems.badQuery([
        {
          path: 'query',
          key: 'validation.invalid',
          params: {},
          message: 'The query takes exactly driverUid and name, once each.',
        },
      ]);
    }
    const { driverUid, name } = parsed.data;
    if (driverUid !== options.driverOf(user.tenant)) throw problems.notFound('No such file.');
    return readable(user, name);
  };

  /** A file this user may read, or 404 as if it did not exist. */
  const readable = async (user: AuthUser, name: string): Promise<FileMeta> => {
    const meta = await withTenant(db, user.tenant, async (trx) => {
      const found = await files.find(trx, user.tenant, name);
      return found && (await mayReadFile(trx, user, found, options.holders)) ? found : undefined;
    });
    if (!meta) throw problems.notFound('No such file.');
    return meta;
  };

  const sendFile = async (request: FastifyRequest, reply: FastifyReply, directly: boolean) => {
    const meta = await lookUp(request);
    const etag = `"${meta.sha256}"`;
    const inline = directly && isInline(meta.mimeType);
    reply
      .header('Cache-Control', 'no-store')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', meta.fileName));
    // Whatever a file holds, opened on its own it runs nothing and reaches nothing.
    if (directly) reply.header('Content-Security-Policy', 'sandbox');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const stream = await store.open(currentUser(request).tenant, meta.name);
    if (!stream) {
      request.log.warn({ name: meta.name }, 'stored file missing on disk');
      throw problems.notFound('No such file.');
    }
    return reply.type(contentTypeHeader(meta.mimeType)).header('Content-Length', meta.size).send(stream);
  };

  app.get('/api/files/get', { schema: getSchema }, (request, reply) => sendFile(request, reply, false));
  app.get('/api/files/get-directly', { schema: getDirectlySchema }, (request, reply) => sendFile(request, reply, true));

  app.get<NameParams>('/api/files/:name/meta', { schema: metaSchema }, async (request) => ({
    data: await readable(currentUser(request), request.params.name),
  }));

  app.delete<NameParams>('/api/files/:name', { schema: deleteSchema }, async (request) => {
    const user = currentUser(request);
    const deleted = await withTenant(db, user.tenant, async (trx) => {
      const meta = await files.find(trx, user.tenant, request.params.name);
      if (!meta) throw problems.notFound('No such file.');
      if (!user.roles.includes('ROLE_ADMIN') && meta.createdBy !== user.username)
        throw new HttpProblem(403, 'Only administrators and the user who uploaded a file may delete it.');
      return files.remove(trx, user.tenant, meta.name);
    });
    if (!deleted) throw problems.notFound('No such file.');
    // After the commit: a failed unlink leaves bytes no row names, never a row without its bytes.
    await store.remove(user.tenant, deleted.name).catch((error: unknown) => {
      request.log.error({ err: error, name: deleted.name }, 'could not remove a deleted file');
    });
    return { data: deleted };
  });
}

const langOf = (request: FastifyRequest) => requestLang(request.headers['accept-language']);
