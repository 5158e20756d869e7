import type { ReactNode } from 'react';
import { loadDashboard, NotificationsBell } from '../shell';
import { GeneratedList } from '../views';
import { preloadable } from './preloadable';
import { loadRegistry } from './tenant';

/** The signed-in layout (app bar, menu), loaded after login: the login screen does not need it. */
export const AppLayout = preloadable<{ children: ReactNode }>(() =>
  import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })),
);

let started = false;

/**
 * While the login page shows (the user is typing), the chunks the first signed-in page needs: the
 * definitions (with the data provider's service code), the layout and its bell, the dashboard and the
 * generated list, so that after the token only the page's own calls remain (docs/spa.md#boot). Started
 * once the browser is idle, so the login page's own scripts come first; a failure here is retried by
 * the import that needs it.
 */
export function preloadSignedIn(): void {
  if (started) return;
  started = true;
  const load = () => {
    // The moment the login page's own downloads end and the preloads begin (tests/e2e/assets.spec.ts).
    performance.mark('climatica:preload');
    for (const chunk of [
      loadRegistry,
      AppLayout.preload,
      NotificationsBell.preload,
      GeneratedList.preload,
      loadDashboard,
    ]) {
      chunk().catch(() => undefined);
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200);
}
