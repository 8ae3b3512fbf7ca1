// Signed-in states for the measured pages, written to localStorage before the app starts, in the
// shape the app restores them (packages/app/src/session/persist.ts): supabase-js's session as one
// JSON value under `vault.auth` (packages/app/src/storage/sessionArea.ts). The sessions come from
// the local host's Auth (localHost.mjs makeSessions); the app reads the profile itself.

const AUTH_KEY = 'vault.auth';
/** The embedded build's database image, which a fresh profile's backend worker asks for first. */
const DATABASE_IMAGE = '**/assets/vault-database-*.tar.gz';

/**
 * Prepares a fresh browser context: the session (if any) in localStorage before any page script
 * runs, and, for the embedded build, the run's database image in place of the build's, so its
 * backend knows the session's member.
 */
export async function prepareContext(context, { session = null, imageFile = null } = {}) {
  if (imageFile) {
    await context.route(DATABASE_IMAGE, (route) => route.fulfill({ path: imageFile, contentType: 'application/gzip' }));
  }
  if (!session) return;
  await context.addInitScript(
    ([key, value]) => {
      // Only on the first document of the context: the app may change the session later (sign-out).
      if (window.sessionStorage.getItem('bench.seeded')) return;
      window.sessionStorage.setItem('bench.seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [AUTH_KEY, JSON.stringify(session)],
  );
}
