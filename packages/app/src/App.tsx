import { Theme } from '@radix-ui/themes';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { useAppearance } from './appearance/appearance';
import { routeObjects } from './router/routes';
import { SessionProvider } from './session/SessionProvider';

/** The whole app: theme, session, the router built from the domain route table, and toasts. */
export function App() {
  const [router] = useState(() => createBrowserRouter(routeObjects()));
  const { appearance } = useAppearance();
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate">
      <SessionProvider>
        <RouterProvider router={router} />
        {/* Library defaults (3 visible, 4000 ms) as SPEC.md 9 says; outside the router so toasts outlive a navigation. */}
        <Toaster theme={appearance} richColors closeButton />
      </SessionProvider>
    </Theme>
  );
}
