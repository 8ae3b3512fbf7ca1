import type { PGliteInterface } from '@electric-sql/pglite';
import { createHost, type Host } from '../../supabase/host/index.ts';
import { localFixedAccounts } from '../../supabase/host/localAccounts.ts';

/** What the page tells its backend worker about the host it runs. */
export interface HostSettings {
  /** The page's origin: the host's URL is `<origin>/mock-supabase`, where the app sends its calls. */
  origin: string;
  /** The admin pair this build signs in with (VITE_ADMIN_* or the default). */
  adminPair: { email: string; password: string };
}

/** Where the app sends its backend calls in a mock build (packages/app/src/backend/config.ts). */
const BASE_PATH = '/mock-supabase';
/** The placeholder anon key a mock build sends (packages/app/src/backend/config.ts). */
const MOCK_ANON_KEY = 'vault-mock-anon-key';

/**
 * supabase/host over the worker's database, as `npm start` has always signed in: any email and
 * password opens an investor account, the demo accounts and the admin pair with their passwords.
 */
export function createEmbeddedHost(db: PGliteInterface, settings: HostSettings): Host {
  return createHost({
    db,
    basePath: BASE_PATH,
    url: `${settings.origin}${BASE_PATH}`,
    anonKeys: [MOCK_ANON_KEY],
    auth: { openSignIn: true, fixedAccounts: localFixedAccounts(settings.adminPair) },
    runScheduledJobs: true,
  });
}
