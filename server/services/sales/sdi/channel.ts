import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How an invoice's FatturaPA XML leaves for the SdI (docs/domain.md#sdi-round-trip). The product ships the
 * file channel; an intermediary's API (a signing and forwarding service) plugs in as another implementation,
 * given to `provideSdi` in buildApp: the sending actions only ever call `send`, inside their transaction, so a
 * channel that throws refuses the send and nothing is recorded.
 */
export interface TransmissionChannel {
  /** Hands the file over; resolves once it is safely stored (or accepted by the intermediary). */
  send(tenant: string, fileName: string, xml: string): Promise<void>;
}

/** The SdI folders under DATA_DIR/sdi (docs/deployment.md#sdi-folders). */
export interface SdiFolders {
  /** Sent files, one folder per tenant: what an intermediary's pickup reads. */
  outbox: string;
  /** Receipts dropped for import, one folder per tenant, with its `processed/` and `failed/`. */
  inbox: string;
}

export const sdiFolders = (dataDir: string): SdiFolders => ({
  outbox: join(dataDir, 'sdi', 'outbox'),
  inbox: join(dataDir, 'sdi', 'inbox'),
});

/** A tenant id or a file name used as one path segment: no separators, no dot-only names. */
export function safeSegment(name: string): string {
  if (!/^[\w.-]{1,120}$/.test(name) || /^\.+$/.test(name)) throw new Error(`Unsafe path segment: ${name}`);
  return name;
}

/**
 * Writes a file atomically: to a temporary name in the same folder, then renamed, so a reader (the pickup,
 * the inbox job) never sees half a file.
 */
export async function writeAtomically(folder: string, fileName: string, content: string | Buffer): Promise<string> {
  await mkdir(folder, { recursive: true });
  const target = join(folder, safeSegment(fileName));
  const temp = join(folder, `.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return target;
}

/** The file channel: DATA_DIR/sdi/outbox/<tenant>/<file name>, as an accountant's or intermediary's pickup reads it. */
export function fileChannel(outbox: string): TransmissionChannel {
  return {
    async send(tenant, fileName, xml) {
      await writeAtomically(join(outbox, safeSegment(tenant)), fileName, xml);
    },
  };
}

let provided: { channel: TransmissionChannel; folders: SdiFolders } | undefined;

/** Called by buildApp: the channel the sending actions use and the folders the inbox job scans. */
export function provideSdi(dataDir: string, channel?: TransmissionChannel): void {
  const folders = sdiFolders(dataDir);
  provided = { folders, channel: channel ?? fileChannel(folders.outbox) };
}

export function sdiServices(): { channel: TransmissionChannel; folders: SdiFolders } {
  if (!provided) throw new Error('provideSdi was not called');
  return provided;
}
