import { useIsFetching, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** However long the first page takes, or when it asks for no data, the secondary calls wait no longer. */
const MAX_WAIT_MS = 3000;

/** The page's data queries; react-admin's own session queries (`['auth', …]`) answer without a call. */
const dataQuery = (query: Query) => query.queryKey[0] !== 'auth';

/**
 * True once the page on screen has its data: a data query has been in flight and none is any more (or
 * after MAX_WAIT_MS). The app bar's secondary calls (the bell's count and stream) wait for it, so they
 * never compete with the first page's rows (docs/spa.md#boot). Stays true.
 */
export function useAfterFirstScreen(): boolean {
  const fetching = useIsFetching({ predicate: dataQuery });
  const [asked, setAsked] = useState(false);
  const [late, setLate] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (fetching > 0 && !asked) setAsked(true);
  const now = late || (asked && fetching === 0);
  // Latched: a page's later queries do not close the stream again.
  if (now && !ready) setReady(true);
  return ready || now;
}
