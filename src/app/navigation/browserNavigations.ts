import { useSyncExternalStore } from 'react';

/**
 * The navigations the browser makes on its own: an address opened or typed, a `#/…` link, back and
 * forward. The hash router gives each of them the same location key ('default': the browser's history
 * entry carries no router state), so a return to the path on screen looks like no navigation at all
 * when React did not render the location in between (docs/spa.md#navigation-pipeline). The `hashchange`
 * event each of them fires tells them apart: this counts them.
 */
let count = 0;
const listeners = new Set<() => void>();

const onHashChange = () => {
  count += 1;
  listeners.forEach((listener) => listener());
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('hashchange', onHashChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', onHashChange);
  };
}

/** How many navigations the browser has made on its own so far; a new number is a new navigation. */
export const useBrowserNavigations = (): number => useSyncExternalStore(subscribe, () => count);
