import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../services/storage/names';

/**
 * A printed or electronic document sent as a download (docs/wire-contract.md#document-pdfs): never cached
 * (it changes with its record), never sniffed into something the browser would run, saved under its name.
 */
export function sendDocument(
  reply: FastifyReply,
  document: { fileName: string; type: string; body: Buffer | Uint8Array | string },
): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition('attachment', document.fileName))
    .type(document.type)
    .send(document.body);
}
