import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root folder (where package.json is), found by walking up from this module. Files that
 * ship beside the code (the FatturaPA schema, package.json, the SPA's sources) are resolved from here,
 * never from `import.meta.dirname`: the server runs both from its sources (tsx: this file is
 * server/paths.ts) and bundled into one file (dist-server/index.js, where every module's
 * `import.meta.dirname` is dist-server), and only the root is the same in both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: cannot tell the project's root`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);

/** A path inside the project, e.g. `fromRoot('server', 'services', 'sales', 'fatturapa', 'schema')`. */
export const fromRoot = (...segments: string[]): string => join(PROJECT_ROOT, ...segments);
