import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { HttpProblem } from '../../../http/errors';
import type { JobDefinition, JobLogger } from '../../../jobs/runner';
import { safeSegment, sdiServices, writeAtomically } from './channel';
import { importReceipt } from './import';
import { MAX_RECEIPT_BYTES, parseReceipt, ReceiptProblem } from './receipt';

/** Who the history names as the importer of a dropped receipt. */
const INBOX_USER = 'sdi-inbox';

export interface InboxRun {
  processed: number;
  failed: number;
}

/** Why a file was not imported, as its reason file says it. */
function reasonOf(error: unknown): string {
  if (error instanceof HttpProblem)
    return [`${error.status} ${error.message}`, ...error.errors.map((e) => `${e.path}: ${e.message}`)].join('\n');
  if (error instanceof ReceiptProblem) return `${error.element}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Moves a file into `processed/` or `failed/`, never over an earlier file of the same name. */
async function moveTo(folder: string, file: string, target: string): Promise<string> {
  await mkdir(join(folder, target), { recursive: true });
  let name = file;
  const exists = async (candidate: string) =>
    stat(join(folder, target, candidate)).then(
      () => true,
      () => false,
    );
  if (await exists(name)) name = `${new Date().toISOString().replace(/[:.]/g, '-')}_${file}`;
  await rename(join(folder, file), join(folder, target, name));
  return name;
}

async function importFile(db: Db, tenant: string, folder: string, file: string): Promise<void> {
  const path = join(folder, file);
  const size = (await stat(path)).size;
  if (size > MAX_RECEIPT_BYTES) throw new Error(`The file is larger than ${MAX_RECEIPT_BYTES} bytes.`);
  const receipt = parseReceipt(await readFile(path, 'utf8'));
  await withTenant(db, tenant, (trx) => importReceipt(trx, { tenant, username: INBOX_USER }, receipt, file, 'it'));
}

/**
 * Imports every receipt dropped in DATA_DIR/sdi/inbox/<tenant>/ (docs/domain.md#sdi-round-trip), as the API's
 * import does, one transaction per file: imported ones (or ones imported before) move to `processed/`, the
 * others to `failed/` beside a `<name>.reason.txt` saying why. Files whose names start with a dot are ones
 * still being written (the atomic-write convention) and wait for the next run.
 */
export async function importInbox(db: Db, inbox: string, log?: JobLogger): Promise<InboxRun> {
  const run: InboxRun = { processed: 0, failed: 0 };
  // The tenants' folders only: a folder of no tenant is left alone.
  const tenants = await db.selectFrom('oauth2.tenants').select('id').orderBy('id').execute();
  for (const { id: tenant } of tenants) {
    const folder = join(inbox, safeSegment(tenant));
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const files = entries
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && /\.xml$/i.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    for (const file of files) {
      try {
        await importFile(db, tenant, folder, file);
        await moveTo(folder, file, 'processed');
        run.processed++;
      } catch (error) {
        const moved = await moveTo(folder, file, 'failed');
        await writeAtomically(join(folder, 'failed'), `${moved}.reason.txt`, `${reasonOf(error)}\n`);
        log?.warn({ tenant, file, reason: reasonOf(error) }, 'SdI receipt not imported');
        run.failed++;
      }
    }
  }
  return run;
}

/** Every minute: the receipts an intermediary (or the office) dropped in the inbox. */
export const sdiInboxJob: JobDefinition = {
  name: 'sdi-inbox',
  schedule: { every: 60 },
  async run({ db, log }) {
    const run = await importInbox(db, sdiServices().folders.inbox, log);
    if (run.processed + run.failed > 0) log.info({ ...run }, 'SdI inbox imported');
  },
};
