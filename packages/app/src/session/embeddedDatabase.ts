import { backendReady } from '../backend/backendStart';

/**
 * Demo mode of a mock build: starts the embedded backend's database again from the build's seed,
 * for every tab of this browser profile (they share it), then reloads the page. Accounts made
 * since are gone, so no session is kept.
 */
export async function startAgainFromSeed(): Promise<void> {
  await backendReady();
  const { resetEmbeddedDatabase } = await import('../../../../mocks/browser');
  await resetEmbeddedDatabase();
  window.location.reload();
}
