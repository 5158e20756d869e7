// Runs after `npm install`/`npm ci` (package.json "postinstall"): plain JavaScript, so it needs no dev dependency.
//
// PGlite creates a new database by running initdb inside a second PostgreSQL instance, which peaks at about
// 800 MB: a first start on an empty DATA_DIR would need that much memory. Made once here, at install, an empty
// cluster of the installed PGlite version is kept as a tarball that a first start loads instead (about 420 MB
// at its peak, and faster). server/db/connect.ts falls back to initdb when the tarball is missing or belongs
// to another version (docs/deployment.md#memory).
import { mkdtemp, readFile, rename, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// PGlite's own folder, as server/db/connect.ts finds it: the tarball goes to node_modules/.cache beside it.
const pgliteDir = fileURLToPath(new URL('..', import.meta.resolve('@electric-sql/pglite')));
const { version } = JSON.parse(await readFile(join(pgliteDir, 'package.json'), 'utf8'));
const target = join(pgliteDir, '../../.cache/climatica', `pglite-${version}-empty.tar.gz`);

const exists = await stat(target).then(
  () => true,
  () => false,
);
if (!exists) {
  const { PGlite } = await import('@electric-sql/pglite');
  const scratch = await mkdtemp(join(tmpdir(), 'climatica-cluster-'));
  try {
    const pglite = await PGlite.create(join(scratch, 'pglite'));
    const tarball = await pglite.dumpDataDir('gzip');
    await pglite.close();
    await mkdir(dirname(target), { recursive: true });
    // Written aside and renamed: a start reading it never sees half a file.
    await writeFile(`${target}.${process.pid}`, Buffer.from(await tarball.arrayBuffer()));
    await rename(`${target}.${process.pid}`, target);
    console.log(`climatica: empty PGlite ${version} cluster ready for first starts`);
  } catch (error) {
    // Never fail an install for this: a first start then runs initdb itself.
    console.warn(`climatica: could not prepare an empty PGlite cluster (${error.message}); first start runs initdb`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
