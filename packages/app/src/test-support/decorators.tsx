import type { Decorator } from '@storybook/react-vite';
import type { Session } from '@vault/domain';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, parsePath, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { Toaster, toast } from 'sonner';
import { clearQueries } from '../data/_query/cache';
import { DemoModeOverride } from '../display/demoMode';
import { createAppSessionStore, SessionProvider } from '../session/SessionProvider';
import { ShellLayout } from '../shell/ShellLayout';
import { useStorySessionArea } from './authSeed';
import { signedOutSession } from './sessions';

/**
 * What a screen story sets in `parameters.app`. Every field is optional: by default the story is
 * signed out, not in demo mode, at '/', without the shell.
 */
export interface AppStoryParameters {
  /** The session the screen sees (see ./sessions.ts). */
  session?: Session;
  demo?: boolean;
  /** The URL the story opens, with query, e.g. '/access-required?need=kyc&from=/investments/x'. */
  url?: string;
  /** Router state of the opening entry, e.g. `{ from: 'portfolio', capital: 25000 }`. */
  state?: unknown;
  /** The route pattern the screen is mounted on, e.g. '/opportunities/:id'; the URL's path by default. */
  path?: string;
  /** Render inside the authenticated shell (header, nav, breadcrumbs, footer). */
  shell?: boolean;
  /** The session is still loading (a sign-in restoring its profile): the dashboard shows 'Loading...'. */
  loading?: boolean;
}

/** Where a screen navigated to: plays assert `getByTestId('story-location')`. */
function StoryLocation() {
  const { pathname, search } = useLocation();
  return (
    <p data-testid="story-location">
      Navigated to {pathname}
      {search}
    </p>
  );
}

function StoryRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function StoryFrame({ params, children }: { params: AppStoryParameters; children: ReactNode }) {
  // sonner keeps its toasts in one module-wide store: dismiss the previous story's toasts before
  // this story's Toaster mounts, so a play function only ever sees the toasts its own story raised.
  useState(() => toast.dismiss());
  // The query cache is module-wide too: each story starts empty, so its own MSW handlers answer.
  useState(() => clearQueries());
  const url = params.url ?? '/';
  const path = params.path ?? new URL(url, 'http://story.local').pathname;
  const session = params.session ?? signedOutSession;
  const makeArea = useStorySessionArea(session);
  const [store] = useState(() =>
    // Memory storage: a story never reads or writes the browser's real session (local or tab).
    createAppSessionStore({
      area: makeArea(),
      initial: { session, loading: params.loading ?? false },
    }),
  );
  const [entry] = useState(() => (params.state === undefined ? url : { ...parsePath(url), state: params.state }));
  const screen = { path, element: children };
  const routes = params.shell
    ? [{ element: <ShellLayout />, children: [screen, { path: '*', element: <StoryLocation /> }] }]
    : [screen, { path: '*', element: <StoryLocation /> }];
  return (
    <DemoModeOverride.Provider value={params.demo ?? false}>
      <SessionProvider store={store}>
        <MemoryRouter initialEntries={[entry]}>
          <StoryRoutes routes={routes} />
        </MemoryRouter>
        {/* Longer than the app's 4 s, so a play on a slow CI machine still sees the toast. */}
        <Toaster duration={20_000} />
      </SessionProvider>
    </DemoModeOverride.Provider>
  );
}

/**
 * Router, session, demo mode and toasts around a screen story, from `parameters.app`. The MSW
 * handlers come from .storybook/preview; override them per story with `beforeEach({ msw })`.
 */
export const withApp: Decorator = (Story, context) => {
  const params: AppStoryParameters = context.parameters.app ?? {};
  return (
    <StoryFrame key={context.id} params={params}>
      <Story />
    </StoryFrame>
  );
};
