import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { AccessDenied, Navigate, useLocation, useLogout, useParams } from 'react-admin';
import { Maintenance, NotFound } from '../../shell';
import { isPromise, runNavigation, type NavigationRoute, type NavigationSteps, type Outcome } from './pipeline';
import { browserScrollTarget, scrollForNavigation } from './scroll';
import { appNavigationSteps } from './steps';

/** The pipeline's answer for one path: an outcome, or the error a step threw. */
type Settled = { key: string; outcome: Outcome } | { key: string; failure: { error: unknown } };

/** No session: react-admin's logout clears what the session left (storage, caches) and opens /login. */
const SessionEnded = () => {
  const logout = useLogout();
  useEffect(() => {
    void logout({}, '/login', true);
  }, [logout]);
  return null;
};

const OUTCOMES: Record<Exclude<Outcome['kind'], 'render' | 'redirect'>, () => ReactNode> = {
  'not-found': () => <NotFound />,
  login: () => <SessionEnded />,
  maintenance: () => <Maintenance />,
  denied: () => <AccessDenied />,
};

/**
 * Wraps every route's element (custom screens and resource views): on every navigation (a new path,
 * params included) it runs the pipeline (docs/spa.md#navigation-pipeline) and shows the page, a 404, the maintenance
 * page, the access-denied page, or sends the user elsewhere. A step that throws (an unknown middleware
 * name) is rethrown while rendering, for the error boundary to record it and show the error view.
 * Once the page shows, the window goes to the top, or to the location's hash anchor.
 */
export const RouteGate = ({
  route,
  children,
  steps = appNavigationSteps,
}: {
  route: NavigationRoute;
  children: ReactNode;
  steps?: NavigationSteps;
}) => {
  const params = useParams();
  const { pathname, hash } = useLocation();
  const [settled, setSettled] = useState<Settled | null>(null);

  // A layout effect: when every step answers at once, the page renders before the browser paints.
  useLayoutEffect(() => {
    let live = true;
    const settle = (next: Settled) => live && setSettled(next);
    try {
      const result = runNavigation(route, params, steps);
      if (isPromise(result)) {
        result.then(
          (outcome) => settle({ key: pathname, outcome }),
          (error: unknown) => settle({ key: pathname, failure: { error } }),
        );
      } else {
        settle({ key: pathname, outcome: result });
      }
    } catch (error) {
      settle({ key: pathname, failure: { error } });
    }
    return () => {
      live = false;
    };
    // The path is the navigation: the route and its params follow from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const current = settled?.key === pathname ? settled : null;
  const shown = current && 'outcome' in current ? current.outcome.kind : null;
  useEffect(() => {
    if (shown === null || shown === 'redirect' || shown === 'login') return;
    return scrollForNavigation(hash, browserScrollTarget());
  }, [shown, pathname, hash]);

  if (!current) return null;
  if ('failure' in current) throw current.failure.error;
  const { outcome } = current;
  if (outcome.kind === 'render') return <>{children}</>;
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  return <Suspense fallback={null}>{OUTCOMES[outcome.kind]()}</Suspense>;
};
