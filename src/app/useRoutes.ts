import { useMemo } from 'react';
import { enabledService } from './config';
import type { RouteEntry } from './routes';
import { SCREENS } from './screens';
import { useAppState } from './state';

const screens = new Set(Object.keys(SCREENS));

/**
 * The routes of the route table this build and this tenant have: their definition or screen exists
 * and their module is enabled in the tenant's config (SPEC.md section 1). The menu shows these too.
 */
export function useRegisteredRoutes(): RouteEntry[] {
  const { config, definitions, routesFor } = useAppState();
  return useMemo(
    () =>
      routesFor({ definitions, screens }).filter(
        (route) => route.module === null || enabledService(config, route.module) !== undefined,
      ),
    [config, definitions, routesFor],
  );
}
