import type { Session } from '@vault/domain';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { clearQueries } from '../data/_query/cache';
import { QueryScope } from '../data/_query/QueryScope';
import { DemoModeOverride } from '../display/demoMode';
import { AppRoutes } from '../router/routes';
import { createAppSessionStore, SessionProvider } from '../session/SessionProvider';
import { useStorySessionArea } from './authSeed';
import { signedOutSession } from './sessions';

export interface FullAppProps {
  /** Where the app opens, e.g. '/investments/solar-park-groningen'. */
  url: string;
  session?: Session;
  demo?: boolean;
}

/** The whole app (real route table, guard, shell and screens) in a memory router, for journey stories. */
export function FullApp({ url, session = signedOutSession, demo = false }: FullAppProps) {
  const makeArea = useStorySessionArea(session);
  const [store] = useState(() => createAppSessionStore({ area: makeArea(), initial: { session } }));
  // Each journey starts with an empty query cache, so its own MSW handlers answer.
  useState(() => clearQueries());
  return (
    <DemoModeOverride.Provider value={demo}>
      <SessionProvider store={store}>
        <QueryScope />
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
        {/* Longer than the app's 4 s, so a play on a slow CI machine still sees the toast. */}
        <Toaster duration={20_000} />
      </SessionProvider>
    </DemoModeOverride.Provider>
  );
}
