import { loadDashboard, loadNotificationsBell } from '../shell';
import { loadList } from '../views';
import { loadRegistry } from './tenant';

/** The signed-in layout's chunk (app bar, menu). */
export const loadLayout = () => import('./layout/AppLayout');

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
    for (const chunk of [loadRegistry, loadLayout, loadNotificationsBell, loadList, loadDashboard]) {
      chunk().catch(() => undefined);
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200);
}
