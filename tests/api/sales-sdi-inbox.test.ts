import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs } from '../../server/jobs/index';
import { receiptFileName, sdiReceipt } from '../fixtures/sdi-receipts';
import { startTestServer, type TestServer } from './helpers';
import { sdiApi } from './sales-sdi-fixture';

let server: TestServer;
let sdi: Awaited<ReturnType<typeof sdiApi>>;

beforeAll(async () => {
  server = await startTestServer();
  sdi = await sdiApi(server);
});
afterAll(() => server?.close());

const SILENT = { info() {}, warn() {}, error() {} };
const outbox = () => join(server.dataDir, 'sdi', 'outbox', 'acme');
const inbox = () => join(server.dataDir, 'sdi', 'inbox', 'acme');

describe('the file channel (docs/domain.md#sdi-round-trip)', () => {
  it('two sends of one invoice at once send it once', async () => {
    const issued = await sdi.issued();
    const answers = await Promise.all([sdi.api.action(issued, 'sendToSdi'), sdi.api.action(issued, 'sendToSdi')]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    const invoice = await sdi.api.read(`invoices/${issued.id}`);
    expect(invoice.sdiStatus).toBe('sent');
    expect((await sdi.history(invoice)).map((e) => e.kind)).toEqual(['send']);
    const files = (await readdir(outbox())).filter((name) => name === invoice.sdiFileName);
    expect(files).toHaveLength(1);
    // Written whole: no temporary file is left beside it.
    expect((await readdir(outbox())).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('the inbox job', () => {
  it('imports dropped receipts, moves them to processed/ or failed/ with the reason', async () => {
    const delivered = await sdi.sent();
    const rejected = await sdi.sent();
    await mkdir(inbox(), { recursive: true });
    const rc = receiptFileName(String(delivered.sdiFileName), 'RC');
    const ns = receiptFileName(String(rejected.sdiFileName), 'NS');
    const rcXml = sdiReceipt('RC', { fileName: String(delivered.sdiFileName), messageId: 'inbox-rc-1' });
    await writeFile(join(inbox(), rc), rcXml);
    await writeFile(join(inbox(), ns), sdiReceipt('NS', { fileName: String(rejected.sdiFileName) }));
    await writeFile(join(inbox(), 'broken.xml'), '<RicevutaConsegna>');
    await writeFile(join(inbox(), 'unknown_RC_001.xml'), sdiReceipt('RC', { fileName: 'IT01234567897_ZZZZZ.xml' }));
    // A file still being written (the atomic-write convention) waits for the next run.
    await writeFile(join(inbox(), '.partial.tmp'), '<');
    const job = productJobs().find((j) => j.name === 'sdi-inbox')!;
    await job.run({ db: server.db.kysely, log: SILENT, now: new Date() });

    expect((await sdi.api.read(`invoices/${delivered.id}`)).sdiStatus).toBe('delivered');
    expect((await sdi.api.read(`invoices/${rejected.id}`)).sdiStatus).toBe('rejected');
    expect((await sdi.history(delivered)).find((e) => e.kind === 'RC')).toMatchObject({
      receiptFileName: rc,
      createdBy: 'sdi-inbox',
    });
    expect((await readdir(join(inbox(), 'processed'))).sort()).toEqual([rc, ns].sort());
    expect((await readdir(join(inbox(), 'failed'))).sort()).toEqual([
      'broken.xml',
      'broken.xml.reason.txt',
      'unknown_RC_001.xml',
      'unknown_RC_001.xml.reason.txt',
    ]);
    expect(await readFile(join(inbox(), 'failed', 'unknown_RC_001.xml.reason.txt'), 'utf8')).toContain(
      'IT01234567897_ZZZZZ.xml',
    );
    expect(await readFile(join(inbox(), 'failed', 'broken.xml.reason.txt'), 'utf8')).toMatch(/well-formed/);
    expect(await readdir(inbox())).toEqual(expect.arrayContaining(['.partial.tmp']));

    // The same receipt dropped again (twice) is imported once: processed, no second history row.
    await writeFile(join(inbox(), rc), rcXml);
    await writeFile(join(inbox(), `again_${rc}`), rcXml);
    await job.run({ db: server.db.kysely, log: SILENT, now: new Date() });
    expect((await sdi.history(delivered)).map((e) => e.kind)).toEqual(['send', 'RC']);
    expect(await readdir(join(inbox(), 'processed'))).toHaveLength(4);
    expect(await readdir(join(inbox(), 'failed'))).toHaveLength(4);
  });
});
