import { decideAccess, matchRoute, type Session, signedInRedirect } from '@vault/domain';
import { screens } from '../screens/registry';
import { ShellLayout } from './routes';

/**
 * Fetches the code of what the guard will render for this path (the screen, and the signed-in
 * shell around it), so the first render needs no loading state. Paths the guard redirects load
 * their target lazily as usual. Never rejects: after a failed fetch the render fetches again,
 * and the crash page shows a second failure.
 */
export async function preloadFirstScreen(session: Session, pathname: string): Promise<void> {
  const match = matchRoute(pathname);
  if (!match || signedInRedirect(session, pathname) || decideAccess(session, pathname).kind !== 'allow') return;
  const loads = [screens[match.route.screen].preload()];
  if (match.route.access !== 'public') loads.push(ShellLayout.preload());
  try {
    await Promise.all(loads);
  } catch (error) {
    console.warn('[router] The first screen could not be fetched ahead; it loads on render.', error);
  }
}
