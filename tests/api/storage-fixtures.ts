import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import type { TestServer } from './helpers';

/** Small files of each kind, recognisable by their first bytes as real ones are. */
export const fixtures = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0'), Buffer.alloc(64)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(57)]),
  html: Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>\n'),
  text: Buffer.from('Verbale di intervento\nCaldaia revisionata, perdita eliminata. Più nulla da segnalare.\n'),
  csv: Buffer.from('codice;descrizione;quantità\nR32;Gas refrigerante;2\n'),
  /** Windows-1252 "perché": not UTF-8. */
  latin1: Buffer.from([0x70, 0x65, 0x72, 0x63, 0x68, 0xe9, 0x0a]),
  odt: storedZip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<?xml version="1.0"?><office:document-content/>'],
  ]),
  zip: storedZip([['leggimi.txt', 'ciao\n']]),
};

/** A ZIP archive with uncompressed entries: enough for type detection, no archiver needed. */
function storedZip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface Part {
  name?: string;
  fileName?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.fileName === undefined) form.append(part.name ?? 'file', String(part.content));
    else
      form.append(
        part.name ?? 'file',
        new Blob([typeof part.content === 'string' ? part.content : new Uint8Array(part.content)], {
          type: part.type ?? 'application/octet-stream',
        }),
        part.fileName,
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** POST one file to the storage service as `headers`' user. */
export async function upload(
  server: TestServer,
  headers: Record<string, string>,
  fileName: string,
  content: Buffer | string,
  type?: string,
) {
  const body = await multipart([{ fileName, content, type }]);
  return server.app.inject({
    method: 'POST',
    url: '/storage/api/files',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

/** Every file under DATA_DIR/files, as paths relative to it (temporary uploads included). */
export async function storedPaths(server: TestServer): Promise<string[]> {
  const root = join(server.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

export const fileUrl = (kind: 'get' | 'get-directly', query: Record<string, string>) =>
  `/storage/api/files/${kind}?${new URLSearchParams(query)}`;
