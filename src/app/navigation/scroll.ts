/** What scrolling needs of the page; the browser's document and window in the app, fakes in tests. */
export interface ScrollTarget {
  getElementById(id: string): { scrollIntoView(options?: ScrollIntoViewOptions): void } | null;
  scrollTo(x: number, y: number): void;
  /** Calls back when the page's content changes; returns the unsubscribe function. */
  observe(callback: () => void): () => void;
}

/** How long an anchor may take to appear (a lazily loaded view, data still arriving). */
export const ANCHOR_WAIT_MS = 3000;

/**
 * docs/spa.md#scroll: on a route or params change the page goes to the top, or to the hash anchor when
 * the location has one (`#/wfm/activities/<id>#materials`). The anchor may belong to content that is
 * still loading: wait for it a little, then give up at the top. Returns a cancel function.
 */
export function scrollForNavigation(
  hash: string,
  target: ScrollTarget,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape is taken as written.
  }
  const tryAnchor = () => {
    const element = id ? target.getElementById(id) : null;
    element?.scrollIntoView({ block: 'start' });
    return element !== null;
  };
  target.scrollTo(0, 0);
  if (!id || tryAnchor()) return () => {};
  const stop = target.observe(() => {
    if (tryAnchor()) cancel();
  });
  const timer = timers.setTimeout(() => cancel(), ANCHOR_WAIT_MS);
  const cancel = () => {
    stop();
    timers.clearTimeout(timer);
  };
  return cancel;
}

/** The browser's page as a scroll target. */
export function browserScrollTarget(): ScrollTarget {
  return {
    getElementById: (id) => document.getElementById(id),
    scrollTo: (x, y) => window.scrollTo(x, y),
    observe(callback) {
      const observer = new MutationObserver(callback);
      observer.observe(document.body, { childList: true, subtree: true });
      return () => observer.disconnect();
    },
  };
}
