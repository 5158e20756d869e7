import { Suspense, lazy } from 'react';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppError } from './errors';

/** Loaded only when something failed: the first load does not carry the error view. */
export const RootError = lazy(() => import('./RootError').then((m) => ({ default: m.RootError })));

/**
 * The app, or the error view once a start-up or mount error is on the app error state
 * (docs/spa.md#boot). A page that fails to render keeps the layout: react-admin's error page shows it.
 */
export const Root = () => {
  const recorded = useAppError();
  if (recorded && recorded.phase !== 'page') {
    return (
      <Suspense fallback={null}>
        <RootError error={recorded.error} />
      </Suspense>
    );
  }
  return (
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  );
};
