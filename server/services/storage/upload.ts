import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../../http/errors';
import { translate, type Lang } from '../../http/lang';
import { formatBytes, sanitizeFileName } from './names';
import type { ContentFacts } from './sniff';

/** An upload written to a temporary file, with what was learnt while writing it. */
export interface Received extends ContentFacts {
  size: number;
  sha256: string;
}

/** Bytes of text kept to recognise HTML, SVG and XML by their start. */
const HEAD_CHARS = 1024;

/** A storage problem in the caller's language, also listed under `file` for forms that map errors. */
export function storageProblem(
  status: number,
  key: string,
  lang: Lang,
  params: Record<string, string | number> = {},
): HttpProblem {
  const message = translate(lang, `storage.errors.${key}`, params);
  return new HttpProblem(status, message, [{ path: 'file', key: `storage.errors.${key}`, params, message }]);
}

/**
 * Reads the one `file` part of a multipart body into a temporary file, hashing it and checking whether
 * it is text on the way (one pass, never the whole file in memory). The caller owns the temporary file
 * once this resolves; on any failure it is already removed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempPath: string,
  maxBytes: number,
  lang: Lang,
): Promise<Received> {
  let received: Received | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20, fieldNameSize: 100 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== 'file') throw storageProblem(400, 'noFile', lang);
      received = await writePart(part, tempPath);
      // The plugin is registered not to throw on the limit: a truncated file becomes our 413 naming it.
      if (part.file.truncated) throw storageProblem(413, 'tooLarge', lang, { limit: formatBytes(maxBytes) });
    }
    if (!received) throw storageProblem(400, 'noFile', lang);
    if (received.size === 0) throw storageProblem(400, 'empty', lang);
    return received;
  } catch (error) {
    await rm(tempPath, { force: true });
    throw multipartProblem(error, lang);
  }
}

function multipartProblem(error: unknown, lang: Lang): unknown {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return storageProblem(400, 'onePart', lang);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return storageProblem(415, 'notMultipart', lang);
  // File-system failures are ours (500); anything else came from parsing what the client sent.
  if (error instanceof Error && 'errno' in error) return error;
  return storageProblem(400, 'malformed', lang);
}

async function writePart(part: MultipartFile, tempPath: string): Promise<Received> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let isText = true;
  let head = '';
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      size += chunk.length;
      if (isText) {
        try {
          if (chunk.includes(0)) throw new Error('NUL byte');
          const text = decoder.decode(chunk, { stream: true });
          if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
        } catch {
          isText = false;
        }
      }
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      try {
        if (isText) decoder.decode();
      } catch {
        // Ends inside a multi-byte sequence: not valid UTF-8.
        isText = false;
      }
      done();
    },
  });
  // `wx`: the path is fresh; never write through something that appeared there meanwhile.
  await pipeline(part.file, inspect, createWriteStream(tempPath, { flags: 'wx' }));
  return {
    path: tempPath,
    fileName: sanitizeFileName(formDataName(part.filename)),
    declaredType: part.mimetype ?? '',
    isText,
    head,
    size,
    sha256: hash.digest('hex'),
  };
}

/**
 * Browsers write a file name into multipart/form-data with `"`, CR and LF percent-encoded (HTML's
 * form-data encoding) and the parser leaves them so: undone here, so the name reads as the user wrote it.
 */
function formDataName(name: string | undefined): string | undefined {
  return name?.replace(/%22/g, '"').replace(/%0[ad]/gi, ' ');
}
