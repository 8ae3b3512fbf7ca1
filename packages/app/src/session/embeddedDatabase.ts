import { backendReady } from '../backend/backendStart';

/**
 * The same test as display/demoMode.ts MOCK_BACKEND, written out here: Vite inlines the two
 * variables, so in a real build this is a literal false and the embedded backend's import below is
 * dropped (an imported constant is not folded across modules).
 */
const mockBuild = !(import.meta.env.VITE_SUPABASE_URL && import.meta.env.VITE_SUPABASE_ANON_KEY);

/**
 * Demo mode of a mock build: starts the embedded backend's database again from the build's seed,
 * for every tab of this browser profile (they share it), then reloads the page. Accounts made
 * since are gone, so no session is kept.
 */
export async function startAgainFromSeed(): Promise<void> {
  if (mockBuild) {
    await backendReady();
    const { resetEmbeddedDatabase } = await import('../../../../mocks/browser');
    await resetEmbeddedDatabase();
    window.location.reload();
  }
}
