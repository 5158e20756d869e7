import {
  Suspense,
  cloneElement,
  lazy,
  useEffect,
  useMemo,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Admin, CustomRoutes, Loading, Resource, ResourceContextProvider, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import type { ResourceDefinition } from '../../resources/schema';
import { NotFound, SHELL } from '../shell';
import { resourceViews } from '../views';
import type { ViewOverrides } from '../views/overrides';
import type { LazyScreen, ResourceTarget, RouteEntry } from './manifest';
import type { NavigationRoute } from './navigation/pipeline';
import { RouteGate } from './navigation/RouteGate';
import { RaNotification } from './notifications/RaNotification';
import { ToastHost } from './notifications/ToastHost';
import { AppLayout as PreloadedLayout, preloadSignedIn } from './preload';
import { authProvider, dataProvider } from './providers';
import { SHELL_ROUTES } from './shellRoutes';
import { useAppState } from './state';
import { brandTheme } from './theme';
import { useRegisteredRoutes } from './useRoutes';

const LazyAppError = lazy(() => import('../shell/AppError').then((m) => ({ default: m.AppError })));
/** react-admin's page error view, loaded when a page fails. */
const AppError = (props: ComponentProps<typeof LazyAppError>) => (
  <Suspense fallback={null}>
    <LazyAppError {...props} />
  </Suspense>
);

/** The signed-in layout; rendered at once when preloaded on the login page, else with a loading page meanwhile. */
const AppLayout = (props: ComponentProps<typeof PreloadedLayout>) => (
  <Suspense fallback={<Loading />}>
    <PreloadedLayout {...props} />
  </Suspense>
);

/** react-admin's preferences (locale, list params, sidebar), versioned like the other storage keys. */
const store = localStorageStore('1', 'climatica');

const gated = (route: NavigationRoute, element: ReactNode): ReactElement => (
  <RouteGate route={route}>
    <Suspense fallback={null}>{element}</Suspense>
  </RouteGate>
);

const screenOf = (screens: Readonly<Record<string, LazyScreen>>, name: string) => {
  const Screen = screens[name]!;
  return <Screen />;
};

const entry = (screen: string) => SHELL_ROUTES.find((r) => 'screen' in r.target && r.target.screen === screen)!;
const LoginRoute = () => {
  // The user types meanwhile: the first signed-in page's chunks come now, not after the token.
  useEffect(preloadSignedIn, []);
  return gated(entry('login'), screenOf(SHELL.screens!, 'login'));
};
const DashboardRoute = () => gated(entry('dashboard'), screenOf(SHELL.screens!, 'dashboard'));
/** No matching route: the 404 page, behind the same checks as any page (session, maintenance). */
const CatchAll = () => gated({ access: 'user', middleware: [], module: null }, <NotFound />);

/** A resource view: the generated one (or its override); a status list with its filter and title. */
function resourceElement(
  def: ResourceDefinition,
  custom: ViewOverrides | undefined,
  route: RouteEntry & { target: ResourceTarget },
): ReactElement {
  const { target } = route;
  const view = resourceViews(def, custom)[target.view];
  if (!target.filter) return view;
  // Each filtered list keeps its own sort, page and filters.
  const storeKey = `${def.name}.${Object.values(target.filter).join('.')}`;
  return cloneElement(view as ReactElement<Record<string, unknown>>, {
    filter: target.filter,
    storeKey,
    title: route.menu?.label,
    ...(target.sort ? { sort: target.sort } : {}),
  });
}

/**
 * The react-admin app of the booted tenant (hash router). Every route comes from the route table
 * (src/app/routes.ts) and goes through the navigation pipeline (src/app/navigation); routes of modules
 * the tenant does not enable, or whose definition or screen does not exist, are not registered.
 */
export const App = () => {
  const { config, i18n, definitions, represent, runtime, screens, views: overrides } = useAppState();
  const theme = useMemo(() => brandTheme(config.brand.primaryColor), [config.brand.primaryColor]);
  const routes = useRegisteredRoutes();

  const { resources, withLayout, withoutLayout } = useMemo(() => {
    const byName = new Map(definitions.map((def) => [def.name, def]));
    const views = new Map<string, Partial<Record<ResourceTarget['view'], ReactElement>>>();
    const withLayout: ReactNode[] = [];
    const withoutLayout: ReactNode[] = [];
    for (const route of routes) {
      const { target } = route;
      if ('screen' in target) {
        if (target.screen === 'login' || target.screen === 'dashboard') continue;
        const element = (
          <Route key={route.path} path={route.path} element={gated(route, screenOf(screens, target.screen))} />
        );
        (route.access === 'user' ? withLayout : withoutLayout).push(element);
        continue;
      }
      const def = byName.get(target.resource)!;
      const element = gated(route, resourceElement(def, overrides[def.name], { ...route, target }));
      if (route.ownRoute) {
        views.set(def.name, { ...views.get(def.name), [target.view]: element });
      } else {
        const inContext = <ResourceContextProvider value={def.name}>{element}</ResourceContextProvider>;
        withLayout.push(<Route key={route.path} path={route.path} element={inContext} />);
      }
    }
    const resources = [...views].map(([name, props]) => {
      const def = byName.get(name)!;
      return <Resource key={name} name={name} recordRepresentation={(record) => represent(def, record)} {...props} />;
    });
    return { resources, withLayout, withoutLayout };
  }, [routes, definitions, represent, screens, overrides]);

  return (
    <>
      <Admin
        title={runtime.appName}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18n}
        store={store}
        theme={theme}
        layout={AppLayout}
        loginPage={LoginRoute}
        dashboard={routes.some((r) => r.path === '/') ? DashboardRoute : undefined}
        catchAll={CatchAll}
        error={AppError}
        notification={RaNotification}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>{withoutLayout}</CustomRoutes>
        <CustomRoutes>{withLayout}</CustomRoutes>
        {resources}
      </Admin>
      <ToastHost translate={i18n.translate} />
    </>
  );
};
