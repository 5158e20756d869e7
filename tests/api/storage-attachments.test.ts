import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { fileUrl, fixtures, upload } from './storage-fixtures';

let server: TestServer;
let acme: { authorization: string };
let globex: { authorization: string };
const URL = '/address-book/api/contacts';
const contact = { kind: 'company', companyName: 'Frigoriferi Rossi S.r.l.', email: 'info@frigorossi.it' };

beforeAll(async () => {
  server = await startTestServer();
  acme = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
});
afterAll(() => server?.close());

async function uploaded(headers: { authorization: string }, fileName: string, content: Buffer) {
  const res = await upload(server, headers, fileName, content);
  expect(res.statusCode).toBe(201);
  const { driverUid, name, mimeType, size } = res.json().data;
  return { driverUid, name, fileName, mimeType, size };
}

describe('attachments field on contacts', () => {
  it('round-trips real files, with the description storage recorded', async () => {
    const pdf = await uploaded(acme, 'visura camerale.pdf', fixtures.pdf);
    const png = await uploaded(acme, 'planimetria.png', fixtures.png);
    const created = await server.app.inject({
      method: 'POST',
      url: URL,
      // The client's description is replaced by storage's: the record cannot lie about a file.
      payload: { ...contact, attachments: [{ ...pdf, fileName: 'altro.exe', mimeType: 'text/html', size: 1 }, png] },
      headers: acme,
    });
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    expect(record.attachments).toEqual([pdf, png]);

    const read = await server.app.inject({ url: `${URL}/${record.id}`, headers: acme });
    expect(read.json().data.attachments).toEqual([pdf, png]);
    // What a record names can be fetched with exactly those parameters.
    const file = await server.app.inject({
      url: fileUrl('get', { driverUid: png.driverUid, name: png.name }),
      headers: acme,
    });
    expect(file.rawPayload.equals(fixtures.png)).toBe(true);

    const withFiles = `filters[0][field]=attachments&filters[0][operator]=isNull&filters[0][value]=false`;
    const list = await server.app.inject({ url: `${URL}?${withFiles}`, headers: acme });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([record.id]);

    const updated = await server.app.inject({
      method: 'POST',
      url: `${URL}/${record.id}`,
      payload: { version: 1, attachments: [png] },
      headers: acme,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.attachments).toEqual([png]);

    const cleared = await server.app.inject({
      method: 'POST',
      url: `${URL}/${record.id}`,
      payload: { version: 2, attachments: [] },
      headers: acme,
    });
    expect(cleared.json().data.attachments).toBeNull();
  });

  it('refuses a file that does not exist, naming the field path', async () => {
    const pdf = await uploaded(acme, 'contratto.pdf', fixtures.pdf);
    const missing = { ...pdf, name: crypto.randomUUID() };
    const res = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...contact, attachments: [pdf, missing] },
      headers: acme,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'attachments.1',
        key: 'validation.file',
        message: 'Must refer to an uploaded file',
      }),
    ]);
  });

  it("refuses another tenant's file and another driver", async () => {
    const theirs = await uploaded(globex, 'globex.pdf', fixtures.pdf);
    const res = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...contact, attachments: [theirs] },
      headers: acme,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'attachments.0', key: 'validation.file' });

    const ours = await uploaded(acme, 'nostro.pdf', fixtures.pdf);
    const wrongDriver = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...contact, attachments: [{ ...ours, driverUid: 's3' }] },
      headers: acme,
    });
    expect(wrongDriver.statusCode).toBe(400);
  });

  it('checks the shape and the number of files', async () => {
    const pdf = await uploaded(acme, 'a.pdf', fixtures.pdf);
    const bad = [
      [{ ...pdf, path: '/etc/passwd' }],
      [{ ...pdf, name: '../../secret.txt' }],
      [{ name: pdf.name }],
      'a.pdf',
      Array.from({ length: 11 }, () => pdf),
    ];
    for (const attachments of bad) {
      const res = await server.app.inject({
        method: 'POST',
        url: URL,
        payload: { ...contact, attachments },
        headers: acme,
      });
      expect(res.statusCode, JSON.stringify(attachments).slice(0, 80)).toBe(400);
      expect(res.json().errors[0].path).toMatch(/^attachments/);
    }
  });
});
