import { createElement, lazy, type ComponentType } from 'react';

/**
 * A component loaded on demand like React.lazy, which renders at once once its chunk is in: no Suspense
 * fallback and no reveal delay (React holds a boundary's content back up to 300 ms after a fallback).
 * Preloaded while the login page shows, the first signed-in page's chunks then cost nothing after the
 * token (docs/spa.md#boot). `preload` fetches the chunk; its first render, if earlier, suspends as lazy does.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Preloadable = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Preloadable, { preload });
}
