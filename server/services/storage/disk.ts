import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { STORED_NAME } from './names';

/** Tenant ids as the config loader accepts them: safe as one path segment. */
const TENANT = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Temporary files older than this are left-overs of a crashed process. */
const STALE_MS = 60 * 60 * 1000;

/**
 * The bytes of stored files: `<root>/<tenant>/<uuid>`. Only generated names are ever resolved, so
 * no client input reaches a path; uploads are written under `<root>/.tmp` (the same file system) and
 * renamed into place, so a crash never leaves a partial file under a valid name.
 */
export class FileStore {
  readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.tmp = join(this.root, '.tmp');
  }

  /** Creates the folders and removes temporary files a previous process left behind. */
  async init(): Promise<void> {
    await mkdir(this.tmp, { recursive: true });
    const now = Date.now();
    for (const entry of await readdir(this.tmp)) {
      const path = join(this.tmp, entry);
      const info = await stat(path).catch(() => undefined);
      // Another process on this folder may be writing a recent one right now.
      if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true, recursive: true });
    }
  }

  /** A fresh temporary path for an upload in progress. */
  tempPath(): string {
    return join(this.tmp, `${randomUUID()}.part`);
  }

  private tenantDir(tenant: string): string {
    // The tenant comes from a token we signed; checked anyway, as the last line before the file system.
    if (!TENANT.test(tenant)) throw new Error(`Tenant id ${JSON.stringify(tenant)} cannot name a folder`);
    return join(this.root, tenant);
  }

  /** The path of a stored file, or undefined when `name` is not a generated name. */
  pathOf(tenant: string, name: string): string | undefined {
    if (!STORED_NAME.test(name)) return undefined;
    const dir = this.tenantDir(tenant);
    const path = resolve(dir, name);
    return path.startsWith(dir + sep) ? path : undefined;
  }

  /** Moves a finished upload to its stored name (atomic: same file system). */
  async commit(tempPath: string, tenant: string, name: string): Promise<void> {
    const target = this.pathOf(tenant, name);
    if (!target) throw new Error(`Not a stored name: ${name}`);
    await mkdir(this.tenantDir(tenant), { recursive: true });
    await rename(tempPath, target);
  }

  /** Opens a stored file; undefined when it is not there (a bad name or a missing file). */
  async open(tenant: string, name: string): Promise<ReadStream | undefined> {
    const path = this.pathOf(tenant, name);
    if (!path) return undefined;
    // Opened before answering, so a missing file is a 404 rather than a stream error after the headers.
    const handle = await open(path, 'r').catch(() => undefined);
    if (!handle) return undefined;
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return undefined;
    }
    return handle.createReadStream();
  }

  async remove(tenant: string, name: string): Promise<void> {
    const path = this.pathOf(tenant, name);
    if (path) await rm(path, { force: true });
  }
}
