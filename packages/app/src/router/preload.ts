import { decideAccess, matchRoute, type Session, signedInRedirect } from '@vault/domain';
import { screens } from '../screens/registry';
import { ShellLayout } from './routes';

/**
 * How long the first render waits for its screen's code. On a slow network the page shows its
 * loading state after this, as it would without the preload, rather than staying blank.
 */
export const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Fetches the code of what the guard will render for this path (the screen, and the signed-in
 * shell around it), so the first render needs no loading state. Paths the guard redirects load
 * their target lazily as usual. Resolves when the code is here or after FIRST_SCREEN_WAIT_MS,
 * whichever is first. Never rejects: after a failed fetch the render fetches again, and the
 * crash page shows a second failure.
 */
export async function preloadFirstScreen(session: Session, pathname: string): Promise<void> {
  const match = matchRoute(pathname);
  if (!match || signedInRedirect(session, pathname) || decideAccess(session, pathname).kind !== 'allow') return;
  const loads = [screens[match.route.screen].preload()];
  if (match.route.access !== 'public') loads.push(ShellLayout.preload());
  try {
    await Promise.race([
      Promise.all(loads),
      new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]);
  } catch (error) {
    console.warn('[router] The first screen could not be fetched ahead; it loads on render.', error);
  }
}
