import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { AccessDenied, Navigate, useLocation, useLogout, useParams } from 'react-admin';
import { Maintenance, NotFound } from '../../shell';
import { isPromise, runNavigation, type NavigationRoute, type NavigationSteps, type Outcome } from './pipeline';
import { useBrowserNavigations } from './browserNavigations';
import { browserScrollTarget, scrollForNavigation } from './scroll';
import { appNavigationSteps } from './steps';

/** The pipeline's answer to one navigation (numbered): its path, and an outcome or the error a step threw. */
type Settled = { path: string; run: number } & ({ outcome: Outcome } | { failure: { error: unknown } });

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
 * Wraps every route's element (custom screens and resource views): on every navigation it runs the
 * pipeline (docs/spa.md#navigation-pipeline) and shows the page, a 404, the maintenance page, the
 * access-denied page, or sends the user elsewhere. A step that throws (an unknown middleware name) is
 * rethrown while rendering, for the error boundary to record it and show the error view. Once the page
 * shows, the window goes to the top, or to the location's hash anchor.
 *
 * A navigation is not a new path: the router's moves are transitions, and a user who goes back to the
 * path on screen before React rendered the move away (the login page right after a login, on a slow
 * machine) brings the same path to the same mounted gate. Its earlier answer ("nobody signed in: show
 * the form", or a redirect already made) must not be reused: every navigation, the router's (a new
 * location key) or the browser's (a hash change), runs the pipeline again. On the path already shown the
 * page stays up until the new answer replaces it, so a query change remounts nothing.
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
  const { pathname, hash, key: routerNavigation } = useLocation();
  const browserNavigation = useBrowserNavigations();
  const [settled, setSettled] = useState<Settled | null>(null);
  const runs = useRef(0);

  // A layout effect: when every step answers at once, the page renders before the browser paints.
  useLayoutEffect(() => {
    let live = true;
    const answer = { path: pathname, run: ++runs.current };
    const settle = (next: { outcome: Outcome } | { failure: { error: unknown } }) =>
      live && setSettled({ ...answer, ...next });
    try {
      const result = runNavigation(route, params, steps);
      if (isPromise(result)) {
        result.then(
          (outcome) => settle({ outcome }),
          (error: unknown) => settle({ failure: { error } }),
        );
      } else {
        settle({ outcome: result });
      }
    } catch (error) {
      settle({ failure: { error } });
    }
    return () => {
      live = false;
    };
    // The navigation decides (the route and its params follow from its path).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, routerNavigation, browserNavigation]);

  // A new path shows nothing until its answer; the path already shown keeps its page meanwhile.
  const current = settled?.path === pathname ? settled : null;
  const shown = current && 'outcome' in current ? current.outcome.kind : null;
  useEffect(() => {
    if (shown === null || shown === 'redirect' || shown === 'login') return;
    return scrollForNavigation(hash, browserScrollTarget());
  }, [shown, pathname, hash]);

  if (!current) return null;
  if ('failure' in current) throw current.failure.error;
  const { outcome } = current;
  if (outcome.kind === 'render') return <>{children}</>;
  // Keyed by the run: a redirect answered again (the user came back) navigates again.
  if (outcome.kind === 'redirect') return <Navigate key={current.run} to={outcome.to} replace />;
  return <Suspense fallback={null}>{OUTCOMES[outcome.kind]()}</Suspense>;
};
