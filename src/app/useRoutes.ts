import { useMemo } from 'react';
import { enabledService } from './config';
import type { RouteEntry } from './manifest';
import { useAppState } from './state';

/**
 * The routes of the route table this build and this tenant have: their definition or screen exists
 * and their module is enabled in the tenant's config (docs/spa.md#users-and-areas). The menu shows these too.
 */
export function useRegisteredRoutes(): RouteEntry[] {
  const { config, definitions, routesFor, screens } = useAppState();
  return useMemo(
    () =>
      routesFor({ definitions, screens: new Set(Object.keys(screens)) }).filter(
        (route) => route.module === null || enabledService(config, route.module) !== undefined,
      ),
    [config, definitions, routesFor, screens],
  );
}
