import { Theme } from '@radix-ui/themes';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { APP_READY_ATTRIBUTE, CLIENT_RENDER_ATTRIBUTE, resubmitHeldForm, SHELL_FRAME_ATTRIBUTE } from './boot';
import { QueryScope } from './data/_query/QueryScope';
import { showAppearance, useAppearance } from './display/appearance';
import { CrashBoundary } from './router/CrashBoundary';
import { AppRoutes } from './router/routes';
import { SessionProvider } from './session/SessionProvider';
import type { SessionStore } from './session/store';

// sonner's <Toaster> loads after the first render, off the landing page's initial JS. Toasts raised
// before it mounts are not lost: sonner replays active toasts to a Toaster when it subscribes.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export interface AppProps {
  sessionStore?: SessionStore;
  /** The router around the routes: the browser's history in the app, a fixed location when prerendering. */
  router?: ComponentType<{ children: ReactNode }>;
}

/** The whole app: theme, session, the routes built from the domain route table, and toasts. */
export function App({ sessionStore, router: Router = BrowserRouter }: AppProps) {
  const { appearance } = useAppearance();
  // Light or dark is a class on <html>, set before the first paint by the pages' inline script
  // (boot/inlineScript.ts) and kept here: the Theme inherits it, so the prerendered HTML, which
  // cannot know the visitor's appearance, is the same for everyone and hydrates without a flash.
  useEffect(() => showAppearance(appearance), [appearance]);
  // The first render has committed: a page the inline script hid or covered with the shell frame
  // (it is rendered afresh) is shown, and the page is marked, for tests and the bench, as run by the app.
  // A form submitted before the app ran is sent now.
  useLayoutEffect(() => {
    document.documentElement.removeAttribute(CLIENT_RENDER_ATTRIBUTE);
    document.documentElement.removeAttribute(SHELL_FRAME_ATTRIBUTE);
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    return resubmitHeldForm();
  }, []);
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => setToasterWanted(true), []);
  return (
    <AppTheme>
      <SessionProvider store={sessionStore}>
        <QueryScope />
        <Router>
          {/* Root's own boundary catches a screen's crash; this one, a crash of Root itself. */}
          <CrashBoundary>
            <AppRoutes />
          </CrashBoundary>
        </Router>
        {/* Library defaults (3 visible, 4000 ms) as docs/product.md §9 says; outside the router so toasts outlive a navigation. */}
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toaster theme={appearance} richColors closeButton />
          </Suspense>
        )}
      </SessionProvider>
    </AppTheme>
  );
}

/** Radix Themes' root as the app sets it; also around the prerendered shell frame (boot/prerender/entry.tsx). */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <Theme appearance="inherit" accentColor="indigo" grayColor="slate">
      {children}
    </Theme>
  );
}
