import { useSyncExternalStore } from 'react';

/** Where an error was caught: during start-up (boot), mounting the app, or rendering one page (the layout stays). */
export type ErrorPhase = 'start-up' | 'mount' | 'page';

export interface RecordedError {
  error: unknown;
  phase: ErrorPhase;
}

type Listener = (recorded: RecordedError) => void;

/** Errors kept for a reporter that starts late (error reporting loads on demand). */
const HISTORY = 20;

let current: RecordedError | null = null;
let history: RecordedError[] = [];
const listeners = new Set<Listener>();
const changes = new Set<() => void>();

/**
 * The app error state (docs/spa.md#boot): an error during start-up or mount is recorded here, logged to
 * the console, and the root shows the error view. Error reporting listens to it.
 */
export const appErrors = {
  record(error: unknown, phase: ErrorPhase): void {
    console.error(error);
    current = { error, phase };
    history = [...history.slice(1 - HISTORY), current];
    listeners.forEach((listener) => listener(current!));
    changes.forEach((change) => change());
  },
  current(): RecordedError | null {
    return current;
  },
  /** The latest errors recorded so far, oldest first. */
  recorded(): readonly RecordedError[] {
    return history;
  },
  /** Every error recorded from now on; the ones recorded before are in recorded(). */
  onRecord(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  subscribe(change: () => void): () => void {
    changes.add(change);
    return () => changes.delete(change);
  },
  /** Tests only: back to a clean start. */
  reset(): void {
    current = null;
    history = [];
  },
};

export function useAppError(): RecordedError | null {
  return useSyncExternalStore(appErrors.subscribe, appErrors.current);
}
