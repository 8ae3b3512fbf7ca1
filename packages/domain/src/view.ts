import { decideAccess, signedInRedirect } from './access';
import { matchRoute, type ScreenKey } from './routes';
import type { Session } from './session';

/**
 * What a path shows to a session: the one route decision, read by the app's guard (what to
 * render), its first-screen preload (what code to fetch before the first render) and its
 * hydration check (whether a prerendered page is what this session would see).
 */
export type View =
  /** Another path instead, replacing this one in the history. */
  | { kind: 'redirect'; to: string }
  /** A screen of the route table; `shell` when it sits inside the signed-in shell. */
  | { kind: 'screen'; screen: ScreenKey; shell: boolean }
  /** 'Access denied.' inside the shell (docs/product.md §4). */
  | { kind: 'denied' }
  /** A path outside the route table: the 404 page. */
  | { kind: 'not-found' };

export interface ResolveViewOptions {
  /**
   * The session ended on this page (Logout) rather than the person arriving signed out: a
   * signed-in-only page then goes home to '/', not to /login (docs/product.md §2).
   */
  endedHere?: boolean;
}

/**
 * The view of `pathname` for `session`. Order: sign-in pages send signed-in people on, then the
 * access decision (decideAccess) for everything else.
 */
export function resolveView(session: Session, pathname: string, options: ResolveViewOptions = {}): View {
  const onward = signedInRedirect(session, pathname);
  if (onward) return { kind: 'redirect', to: onward };
  const decision = decideAccess(session, pathname);
  switch (decision.kind) {
    case 'not-found':
      return { kind: 'not-found' };
    case 'login':
      return { kind: 'redirect', to: options.endedHere ? '/' : '/login' };
    case 'need':
      return { kind: 'redirect', to: decision.redirect };
    case 'denied':
      return { kind: 'denied' };
    case 'allow': {
      // decideAccess allows only paths of the route table, so the match is there.
      const match = matchRoute(pathname);
      if (!match) return { kind: 'not-found' };
      return { kind: 'screen', screen: match.route.screen, shell: match.route.access !== 'public' };
    }
  }
}

/** Whether two views render the same thing (a prerendered page and a session's first render). */
export function sameView(a: View, b: View): boolean {
  if (a.kind === 'redirect' && b.kind === 'redirect') return a.to === b.to;
  if (a.kind === 'screen' && b.kind === 'screen') return a.screen === b.screen && a.shell === b.shell;
  return a.kind === b.kind;
}

/**
 * Follows redirects from `pathname` (at most `maxHops`) to the view that finally renders, with
 * the path it renders at; for fetching that view's code before the first render.
 */
export function finalView(session: Session, pathname: string, maxHops = 3): { path: string; view: View } {
  let path = pathname;
  let view = resolveView(session, path);
  for (let hop = 0; hop < maxHops && view.kind === 'redirect'; hop += 1) {
    path = view.to.split('?', 1)[0] ?? view.to;
    view = resolveView(session, path);
  }
  return { path, view };
}
