import { useState, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { BoundedListCache, setAppMutate } from './engine/swr-cache';
import { SWRConfig, useSWRConfig, type State } from 'swr';
import { setNavigator } from './engine/request';
import { sessionGeneration, subscribeSession } from './engine/session';
import { ShellLayout } from './shell/shell-layout';
import { RequireSession, GuestOnly } from './shell/session-guards';
import { RouteError } from './shell/route-error';
import { Toaster } from './shell/toaster';
import { MenuView } from './shell/menu-view';
import { LoginScreen } from './screens/login/login-screen';
import { ErrorScreen, ERROR_CODES } from './screens/errors/error-screen';
import { FIXED_ROUTES } from './screens/view-registry';
import { freshFirstData, type FirstData } from './shell/first-screen-calls';

const shellChildren: RouteObject[] = [
  { index: true, element: <MenuView /> },
  ...FIXED_ROUTES.map(({ path, element }) => ({ path, element })),
  // Every other path is looked up in the user's menu; unknown ones show the 404 page.
  { path: '*', element: <MenuView /> },
];

const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginScreen />
      </GuestOnly>
    ),
    errorElement: <RouteError />,
  },
  ...ERROR_CODES.map((code) => ({
    path: `/${code}`,
    element: <ErrorScreen code={code} />,
    errorElement: <RouteError />,
  })),
  {
    path: '/',
    element: (
      <RequireSession>
        <ShellLayout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError inShell />, children: shellChildren }],
  },
]);

setNavigator((path) => {
  void router.navigate(path);
});

/** Hands the mutate of the console's cache to code outside components (a tab's reload). */
function CaptureMutate() {
  setAppMutate(useSWRConfig().mutate);
  return null;
}

/**
 * The console's data cache, holding the replies read before the first render (main.tsx) as SWR holds what its hooks
 * read (a state whose `data` is the reply, as SWR's own cache-persistence example stores it): the hooks draw them at
 * once and, mounted within a moment of the load, do not read them again (freshFirstData).
 */
function firstCache(cached: Record<string, unknown> | undefined): BoundedListCache<State> {
  const cache = new BoundedListCache<State>(20);
  for (const [key, data] of Object.entries(cached ?? {})) cache.set(key, { data });
  return cache;
}

/**
 * The whole console: one data router, SWR defaults shared by every screen, and the message area. The data cache is
 * one per session (sessionGeneration): a new one when a session ends, so a reply the ended session still had in
 * flight — or one SWR would reuse from the last two seconds — never stands in for the next session's own. `first`:
 * eps, the menu and the page's rows read before the first render (main.tsx), given to the first session's hooks.
 */
export function App({ first }: { first?: FirstData }) {
  const generation = useSyncExternalStore(subscribeSession, sessionGeneration);
  // The first data the page was started with (main.tsx) stand for this session's only.
  const [startedIn] = useState(generation);
  const [firstFresh] = useState(() => freshFirstData(first?.cached));
  return (
    <SWRConfig
      key={generation}
      value={{
        shouldRetryOnError: false,
        revalidateOnFocus: false,
        provider: () => firstCache(generation === startedIn ? first?.cached : undefined),
        use: generation === startedIn ? [firstFresh] : undefined,
        fallback: generation === startedIn ? first?.fallback : undefined,
      }}
    >
      <CaptureMutate />
      <RouterProvider router={router} />
      <Toaster />
    </SWRConfig>
  );
}
