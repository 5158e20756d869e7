import { createServiceProvider } from '../../dataProviders/service';
import { resources } from '../../resources';
import { representRecord } from '../../resources/schema/resource';
import { MODULES } from '../modules';
import { SHELL } from '../shell';
import type { LazyScreen, Representation } from './manifest';
import { routesFor } from './routes';
import type { ViewOverrides } from '../views/overrides';

const manifests = [SHELL, ...MODULES];

/** Every manifest's screens, by name. */
const screens: Readonly<Record<string, LazyScreen>> = Object.assign({}, ...manifests.map((m) => m.screens ?? {}));

/** Each resource's custom views and related lists, gathered from the manifests (a module may add to another's). */
function viewOverrides(): Record<string, ViewOverrides> {
  const views: Record<string, ViewOverrides> = {};
  for (const manifest of manifests) {
    for (const [name, custom] of Object.entries(manifest.views ?? {})) views[name] = { ...views[name], ...custom };
    for (const [name, related] of Object.entries(manifest.related ?? {}))
      views[name] = { ...views[name], related: [...(views[name]?.related ?? []), ...related] };
    for (const [name, links] of Object.entries(manifest.actionLinks ?? {}))
      views[name] = { ...views[name], actionLinks: { ...views[name]?.actionLinks, ...links } };
  }
  return views;
}

/** Each resource's translated representation, from the manifest that declares it (docs/spa.md#record-names). */
const representations: Readonly<Record<string, Representation>> = Object.assign(
  {},
  ...manifests.map((m) => m.represent ?? {}),
);

/**
 * The resource definitions and what comes with them (zod and every schema, the modules' manifests and
 * the tables built from them, the data provider's service code), in their own chunk: the login screen does not need them, and their size
 * grows with every entity.
 */
export const registry = {
  definitions: resources,
  representRecord,
  representations,
  routesFor,
  screens,
  views: viewOverrides(),
  // The data provider's per-service code, in this chunk because it needs the schemas too (dataProviders/composite.ts).
  serviceProvider: createServiceProvider,
};
