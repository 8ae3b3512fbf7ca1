import { Theme } from '@radix-ui/themes';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useAppearance } from './appearance/appearance';
import { QueryScope } from './data/QueryScope';
import { CrashBoundary } from './router/CrashBoundary';
import { AppRoutes } from './router/routes';
import { SessionProvider } from './session/SessionProvider';
import type { SessionStore } from './session/store';

// sonner's <Toaster> loads after the first render, off the landing page's initial JS. Toasts raised
// before it mounts are not lost: sonner replays active toasts to a Toaster when it subscribes.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The whole app: theme, session, the routes built from the domain route table, and toasts. */
export function App({ sessionStore }: { sessionStore?: SessionStore }) {
  const { appearance } = useAppearance();
  // The browser's own surfaces (the canvas past the page when it overscrolls, scrollbars, form
  // controls) follow the chosen appearance, not only the system's.
  useEffect(() => {
    document.documentElement.style.colorScheme = appearance;
  }, [appearance]);
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => setToasterWanted(true), []);
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate">
      <SessionProvider store={sessionStore}>
        <QueryScope />
        <BrowserRouter>
          {/* Root's own boundary catches a screen's crash; this one, a crash of Root itself. */}
          <CrashBoundary>
            <AppRoutes />
          </CrashBoundary>
        </BrowserRouter>
        {/* Library defaults (3 visible, 4000 ms) as docs/product.md §9 says; outside the router so toasts outlive a navigation. */}
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toaster theme={appearance} richColors closeButton />
          </Suspense>
        )}
      </SessionProvider>
    </Theme>
  );
}
