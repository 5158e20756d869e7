import { describe, expect, it } from 'vitest';
import { resources } from '../../../resources';
import { MODULES } from '../../../src/modules';
import { SHELL } from '../../../src/shell';

const manifests = [SHELL, ...MODULES];

describe('module manifests', () => {
  it('are one per service, the shell apart', () => {
    const ids = manifests.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(SHELL.routes.every((route) => route.module === null)).toBe(true);
  });

  it("put every route in the manifest's own module, each path once", () => {
    for (const manifest of manifests) {
      for (const route of manifest.routes) expect(route.module, route.path).toBe(manifest.id);
    }
    const paths = manifests.flatMap((m) => m.routes.map((r) => r.path));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('name each screen, custom view and related list once, for definitions that exist', () => {
    const screens = manifests.flatMap((m) => Object.keys(m.screens ?? {}));
    expect(new Set(screens).size).toBe(screens.length);
    const names = new Set(resources.map((d) => d.name));
    for (const manifest of manifests) {
      for (const name of [...Object.keys(manifest.views ?? {}), ...Object.keys(manifest.related ?? {})])
        expect(names.has(name), name).toBe(true);
      for (const lists of Object.values(manifest.related ?? {}))
        for (const { resource } of lists) expect(names.has(resource), resource).toBe(true);
    }
  });
});
