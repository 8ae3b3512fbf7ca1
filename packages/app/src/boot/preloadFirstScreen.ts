import { finalView, matchRoute, type ScreenKey, type Session } from '@vault/domain';
import type { LazyComponent } from './lazyWithPreload';

/** What the router has to fetch: every screen (router/screenRegistry.ts) and the signed-in shell. */
export interface FirstScreenCode {
  screens: Record<ScreenKey, LazyComponent>;
  shell: LazyComponent;
}

/**
 * How long the first render waits for its screen's code. On a slow network the page shows its
 * loading state after this, as it would without the preload, rather than staying blank.
 */
const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Fetches the code of what the guard will render for this path (the screen, and the signed-in shell
 * around it), so the first render needs no loading state, and then starts the screen's declared
 * reads (screens/firstScreenReads.ts). The view comes from the domain's resolveView, as the
 * guard's does; a redirect is followed, so a signed-in visitor of '/' gets the dashboard's code
 * while the guard is still sending them there. Resolves when the code is here or after
 * FIRST_SCREEN_WAIT_MS, whichever is first. Never rejects: after a failed fetch the render fetches
 * again, and the crash page shows a second failure. With a stored session the page's inline script
 * has usually linked these files already (prerender/firstScreen.ts).
 */
export async function preloadFirstScreen(
  session: Session,
  pathname: string,
  { screens, shell }: FirstScreenCode,
): Promise<void> {
  const { view } = finalView(session, pathname);
  if (view.kind !== 'screen') return;
  const loads: Promise<unknown>[] = [screens[view.screen].preload()];
  if (view.shell) loads.push(shell.preload());
  // The screen's data is requested as soon as its code is here, before the first render rather than
  // after it (the render of a signed-in page takes a while on a slow CPU). Not before: supabase-js
  // (and the embedded mock backend) would share the bandwidth with the code that paints.
  // Only the screens in the shell start their reads here: a page outside it never loads the data
  // layer early, which would bring the screens' shared code (the 'screens-common' chunk) to the
  // landing page. The agreement, outside the shell, reads a signed-in member's signature as it renders.
  const params = matchRoute(pathname)?.params ?? {};
  const code = Promise.all(loads).then(async () => {
    if (!view.shell) return;
    const { prefetchFirstScreenReads } = await import('../screens/firstScreenReads');
    prefetchFirstScreenReads(view.screen, params, session);
  });
  try {
    await Promise.race([code, new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  } catch (error) {
    console.warn('[router] The first screen could not be fetched ahead; it loads on render.', error);
  }
}
