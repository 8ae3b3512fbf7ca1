// Signed-in states for the measured pages, written to localStorage before the app starts, in the
// shape the app restores them (packages/app/src/session/persist.ts): supabase-js's session as one
// JSON value under `vault.auth` (packages/app/src/storage/sessionArea.ts). The sessions come from
// the local host's Auth (localHost.mjs makeSessions); the app reads the profile itself.

const AUTH_KEY = 'vault.auth';
/**
 * Prepares a fresh browser context: the session (if any) in localStorage before any page script
 * runs. (The run's database image is served by the bench's static server at the build's path, so
 * it comes through the throttled network and the browser's cache as every other file: a route
 * here would hand it over unthrottled and turn the context's HTTP cache off.)
 */
export async function prepareContext(context, { session = null } = {}) {
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
