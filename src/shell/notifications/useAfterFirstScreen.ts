import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** However busy the first page, the secondary calls wait no longer than this. */
const MAX_WAIT_MS = 3000;

/**
 * True once the page on screen has its data: the browser was idle once and no query is in flight (or
 * after MAX_WAIT_MS). The app bar's secondary calls (the bell's count and stream) wait for it, so they
 * never compete with the first page's rows (docs/spa.md#boot). Stays true.
 */
export function useAfterFirstScreen(): boolean {
  const fetching = useIsFetching();
  const [idle, setIdle] = useState(false);
  const [late, setLate] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), MAX_WAIT_MS);
    const onIdle = () => setIdle(true);
    const id = typeof requestIdleCallback === 'function' ? requestIdleCallback(onIdle, { timeout: 1000 }) : null;
    const fallback = id === null ? setTimeout(onIdle, 100) : null;
    return () => {
      clearTimeout(timer);
      if (id !== null) cancelIdleCallback(id);
      if (fallback !== null) clearTimeout(fallback);
    };
  }, []);
  const now = late || (idle && fetching === 0);
  // Latched: a page's later queries do not close the stream again.
  if (now && !ready) setReady(true);
  return ready || now;
}
