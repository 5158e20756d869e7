import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { fileUrl, fixtures, upload } from './storage-fixtures';
import { buildWfmWorld } from './wfm-fixture';

/**
 * Reading a file follows reading a record that holds it (docs/tenancy-and-security.md#file-storage-safety):
 * a technician reaches the files of the activities assigned to them and no other, whatever name they know.
 */
let server: TestServer;
let world: Awaited<ReturnType<typeof buildWfmWorld>>;
let utente: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWfmWorld(server);
  utente = await server.auth('acme', 'utente');
});
afterAll(() => server?.close());

async function uploaded(headers: { authorization: string }, fileName: string) {
  const res = await upload(server, headers, fileName, fixtures.pdf);
  expect(res.statusCode).toBe(201);
  const { driverUid, name, mimeType, size } = res.json().data;
  return { driverUid, name, fileName, mimeType, size };
}

/** The answers of get, get-directly and meta for one file. */
async function reads(headers: { authorization: string }, { driverUid, name }: { driverUid: string; name: string }) {
  const urls = [
    fileUrl('get', { driverUid, name }),
    fileUrl('get-directly', { driverUid, name }),
    `/storage/api/files/${name}/meta`,
  ];
  return Promise.all(urls.map(async (url) => (await server.app.inject({ url, headers })).statusCode));
}

describe('file access follows the record holding the file', () => {
  it("a technician reads the files of their own activity; another technician's file answers 404", async () => {
    const mine = await uploaded(world.admin, 'verbale-mio.pdf');
    const theirs = await uploaded(world.admin, 'verbale-altrui.pdf');
    await world.activity([world.tecnico.id], { attachments: [mine] });
    await world.activity([world.other.id], { attachments: [theirs] });

    expect(await reads(world.tecnicoAuth, mine)).toEqual([200, 200, 200]);
    expect(await reads(world.tecnicoAuth, theirs)).toEqual([404, 404, 404]);
    // Administrators read both; a regular user, who reads no activity, neither.
    expect(await reads(world.admin, theirs)).toEqual([200, 200, 200]);
    expect(await reads(utente, mine)).toEqual([404, 404, 404]);
  });

  it('a file no record holds is read by its uploader and administrators only', async () => {
    const loose = await uploaded(world.tecnicoAuth, 'foto-cantiere.pdf');
    expect(await reads(world.tecnicoAuth, loose)).toEqual([200, 200, 200]);
    expect(await reads(world.admin, loose)).toEqual([200, 200, 200]);
    expect(await reads(utente, loose)).toEqual([404, 404, 404]);
  });

  it('downloads are never stored by a cache; every answer carries HSTS', async () => {
    const file = await uploaded(world.admin, 'privato.pdf');
    for (const kind of ['get', 'get-directly'] as const) {
      const res = await server.app.inject({
        url: fileUrl(kind, { driverUid: file.driverUid, name: file.name }),
        headers: world.admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    // HSTS on every answer, errors included.
    const missing = await server.app.inject({ url: '/storage/api/files/nessuno/meta', headers: world.admin });
    expect([missing.statusCode, missing.headers['strict-transport-security']]).toEqual([
      404,
      'max-age=31536000; includeSubDomains',
    ]);
  });
});
