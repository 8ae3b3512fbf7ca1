import { firstUnmetNeed, gateNeeds, isNeed, isNeedMet, type Need } from './readiness';
import { hrefFor, isGatedFor, matchRoute, roleMayOpen } from './routes';
import type { Session, User } from './session';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'login' }
  | { kind: 'denied' }
  | { kind: 'need'; need: Need; redirect: string }
  | { kind: 'not-found' };

/**
 * The one access decision for every route (docs/product.md §4 'Access guard' and 6).
 * Order: unknown path, public route, signed out, admin flag (bypasses every check),
 * role not allowed, then the readiness gate, which only investors meet.
 */
export function decideAccess(session: Session, pathname: string): AccessDecision {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'not-found' };
  const { route } = match;
  if (route.access === 'public') return { kind: 'allow' };
  const { user } = session;
  if (!user) return { kind: 'login' };
  if (session.isAdmin) return { kind: 'allow' };
  if (!roleMayOpen(route, user.role)) return { kind: 'denied' };
  if (isGatedFor(route, user.role)) {
    const need = firstUnmetNeed(user);
    if (need) return { kind: 'need', need, redirect: accessRequiredHref(need, pathname) };
  }
  return { kind: 'allow' };
}

export function accessRequiredHref(need: Need, from: string): string {
  return hrefFor('accessRequired', {}, { need, from });
}

/**
 * Where a signed-in person is sent instead of a sign-in page: '/' and '/login' send anyone
 * signed in to the dashboard, '/admin/login' sends admins there. Null means stay.
 */
export function signedInRedirect(session: Session, pathname: string): string | null {
  const match = matchRoute(pathname);
  if (!match?.route.redirectSignedIn || !session.user) return null;
  if (match.route.redirectSignedIn === 'admin' && !session.isAdmin) return null;
  return hrefFor('dashboard');
}

/**
 * The step /access-required explains: the `need` asked for when it is known and still unmet,
 * otherwise the user's first unmet step (docs/decisions.md (5)), so a stale link never asks for
 * a step already done. Null when nothing is missing.
 */
export function resolveNeed(user: User, need: string | null | undefined): Need | null {
  const unmet = gateNeeds.filter((n) => !isNeedMet(user, n));
  return isNeed(need) && unmet.includes(need) ? need : (unmet[0] ?? null);
}
