import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { toasts } from './store';
import type { Translate } from './system';

const loadToaster = () => import('./Toaster');
const Toaster = lazy(loadToaster);

/**
 * Renders the notification list as toasts. The toast component is not part of the first load: it is
 * fetched when the browser is idle after start, so the first toast still appears at once.
 */
export const ToastHost = ({ translate }: { translate: Translate }) => {
  const list = useSyncExternalStore(toasts.subscribe, toasts.list);
  useEffect(() => {
    const prefetch = () => void loadToaster();
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetch, { timeout: 5000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster toasts={list} onClose={toasts.hide} translate={translate} />
    </Suspense>
  );
};
