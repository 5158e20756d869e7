import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { fileUrl, fixtures, multipart, storedPaths, upload } from './storage-fixtures';

let server: TestServer;
let admin: { authorization: string };
let tecnico: { authorization: string };
let utente: { authorization: string };
const LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await startTestServer({ storageMaxBytes: LIMIT });
  admin = await server.auth('acme', 'admin');
  tecnico = await server.auth('acme', 'tecnico');
  utente = await server.auth('acme', 'utente');
});
afterAll(() => server?.close());

describe('upload, read and delete', () => {
  it('stores a file under a generated name and serves it back', async () => {
    const res = await upload(server, tecnico, 'Rapporto intervento.pdf', fixtures.pdf, 'application/pdf');
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      driverUid: 'local',
      fileName: 'Rapporto intervento.pdf',
      mimeType: 'application/pdf',
      size: fixtures.pdf.length,
      createdBy: 'tecnico',
    });
    expect(data.name).toMatch(UUID);
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(data.createdAt)).not.toBeNaN();
    expect(await storedPaths(server)).toEqual([`acme/${data.name}`]);

    // Administrators read it (and the uploader; other users through a record holding it, see storage-attachments).
    const get = await server.app.inject({
      url: fileUrl('get', { driverUid: 'local', name: data.name }),
      headers: admin,
    });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(fixtures.pdf)).toBe(true);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.headers['content-length']).toBe(String(fixtures.pdf.length));
    expect(get.headers['content-disposition']).toBe(
      `attachment; filename="Rapporto intervento.pdf"; filename*=UTF-8''Rapporto%20intervento.pdf`,
    );
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['cache-control']).toBe('no-store');

    const direct = await server.app.inject({
      url: fileUrl('get-directly', { driverUid: 'local', name: data.name }),
      headers: tecnico,
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.rawPayload.equals(fixtures.pdf)).toBe(true);
    expect(direct.headers['content-disposition']).toMatch(/^inline; /);
    expect(direct.headers['content-security-policy']).toBe('sandbox');

    const meta = await server.app.inject({ url: `/storage/api/files/${data.name}/meta`, headers: admin });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toEqual(data);

    const again = await server.app.inject({
      url: fileUrl('get', { driverUid: 'local', name: data.name }),
      headers: { ...admin, 'if-none-match': get.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const del = await server.app.inject({ method: 'DELETE', url: `/storage/api/files/${data.name}`, headers: tecnico });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual(data);
    expect(await storedPaths(server)).toEqual([]);
    const gone = await server.app.inject({
      url: fileUrl('get', { driverUid: 'local', name: data.name }),
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
  });

  it('lets only administrators and the uploader delete', async () => {
    const { name } = (await upload(server, tecnico, 'foto.png', fixtures.png, 'image/png')).json().data;
    const url = `/storage/api/files/${name}`;
    const refused = await server.app.inject({ method: 'DELETE', url, headers: utente });
    expect(refused.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
  });

  it('downloads other types even from get-directly, and serves text as UTF-8', async () => {
    const { name } = (await upload(server, utente, 'verbale.txt', fixtures.text, 'text/plain')).json().data;
    const res = await server.app.inject({
      url: fileUrl('get-directly', { driverUid: 'local', name }),
      headers: utente,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.body).toBe(fixtures.text.toString());
  });

  it('answers 404, not a broken stream, when the bytes are missing on disk', async () => {
    const { name } = (await upload(server, utente, 'perso.pdf', fixtures.pdf)).json().data;
    await rm(join(server.dataDir, 'files', 'acme', name));
    const res = await server.app.inject({ url: fileUrl('get', { driverUid: 'local', name }), headers: utente });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('needs a token for everything', async () => {
    const body = await multipart([{ fileName: 'a.pdf', content: fixtures.pdf }]);
    const post = await server.app.inject({ method: 'POST', url: '/storage/api/files', ...body });
    expect(post.statusCode).toBe(401);
    const get = await server.app.inject({ url: fileUrl('get', { driverUid: 'local', name: crypto.randomUUID() }) });
    expect(get.statusCode).toBe(401);
  });
});

describe('types are judged by content', () => {
  const accepted: [string, string, Buffer, string | undefined][] = [
    ['scontrino.jpg', 'image/jpeg', fixtures.jpeg, 'image/jpeg'],
    ['schema impianto', 'image/png', fixtures.png, undefined],
    ['giacenze.csv', 'text/csv', fixtures.csv, 'application/vnd.ms-excel'],
    ['offerta.odt', 'application/vnd.oasis.opendocument.text', fixtures.odt, 'application/vnd.oasis.opendocument.text'],
    ['archivio.zip', 'application/zip', fixtures.zip, 'application/x-zip-compressed'],
  ];
  it.each(accepted)('accepts %s as %s', async (fileName, stored, content, declared) => {
    const res = await upload(server, utente, fileName, content, declared);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.mimeType).toBe(stored);
  });

  const refused: [string, string, Buffer, string | undefined, string][] = [
    ['a PNG named .pdf', 'fattura.pdf', fixtures.png, 'application/pdf', 'image/png'],
    ['a PNG declared as PDF', 'foto.png', fixtures.png, 'application/pdf', 'image/png'],
    ['HTML', 'pagina.html', fixtures.html, 'text/html', 'text/html'],
    ['HTML named .txt', 'note.txt', fixtures.html, 'text/plain', 'text/html'],
    ['SVG', 'logo.svg', fixtures.svg, 'image/svg+xml', 'image/svg+xml'],
    ['a Windows executable', 'setup.exe', fixtures.exe, 'application/x-msdownload', 'application/x-msdownload'],
    ['an executable named .pdf', 'fattura.pdf', fixtures.exe, 'application/pdf', 'application/x-msdownload'],
    ['an ELF binary', 'tool', fixtures.elf, undefined, 'application/x-elf'],
    ['text that is not UTF-8', 'elenco.txt', fixtures.latin1, 'text/plain', 'application/octet-stream'],
    ['text with another extension', 'script.js', fixtures.text, 'text/javascript', 'text/plain'],
  ];
  it.each(refused)('refuses %s with 415 naming the detected type', async (_what, fileName, content, declared, type) => {
    const res = await upload(server, utente, fileName, content, declared);
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toContain(type);
  });

  it('leaves nothing behind when refusing', async () => {
    const before = await storedPaths(server);
    await upload(server, utente, 'pagina.html', fixtures.html);
    expect(await storedPaths(server)).toEqual(before);
  });
});

describe('limits and malformed uploads', () => {
  it('accepts a file of exactly the limit and refuses one byte more with 413 naming the limit', async () => {
    const ok = await upload(server, utente, 'grande.txt', 'a'.repeat(LIMIT), 'text/plain');
    expect(ok.statusCode).toBe(201);
    const before = await storedPaths(server);
    const res = await upload(server, utente, 'troppo.txt', 'a'.repeat(LIMIT + 1), 'text/plain');
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toContain('64 KiB');
    // No partial file, under a valid name or a temporary one.
    expect(await storedPaths(server)).toEqual(before);
  });

  it('answers in Italian when asked', async () => {
    const headers = { ...utente, 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' };
    const big = await upload(server, headers, 'troppo.txt', 'a'.repeat(LIMIT + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe('Il file supera il limite di 64 KiB.');
    const html = await upload(server, headers, 'pagina.html', fixtures.html);
    expect(html.json().detail).toBe('I file di tipo text/html non sono accettati.');
  });

  it('takes exactly one part named file', async () => {
    const cases = [
      [],
      [{ fileName: 'a.pdf', content: fixtures.pdf, name: 'document' }],
      [
        { fileName: 'a.pdf', content: fixtures.pdf },
        { fileName: 'b.pdf', content: fixtures.pdf },
      ],
      [
        { fileName: 'a.pdf', content: fixtures.pdf },
        { name: 'note', content: 'x' },
      ],
      [{ name: 'file', content: 'not a file part' }],
    ];
    for (const parts of cases) {
      const body = await multipart(parts);
      const res = await server.app.inject({
        method: 'POST',
        url: '/storage/api/files',
        payload: body.payload,
        headers: { ...utente, ...body.headers },
      });
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name ?? p.fileName))).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await upload(server, utente, 'vuoto.txt', '')).statusCode).toBe(400);
  });

  it('refuses bodies that are not multipart with 415, and broken multipart with 400', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/storage/api/files',
      payload: { file: 'x' },
      headers: utente,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toContain('multipart/form-data');
    const broken = await server.app.inject({
      method: 'POST',
      url: '/storage/api/files',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      headers: { ...utente, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.statusCode).toBe(400);
  });
});
