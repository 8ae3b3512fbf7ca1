import { describe, expect, it } from 'vitest';
import { type AccessDecision, accessRequiredHref, decideAccess, resolveNeed, signedInRedirect } from './access';
import { type Role, roleIds } from './roles';
import { routes } from './routes';
import type { Session, User } from './session';
import { testUser as user } from './testUser';

/**
 * The route table of docs/product.md §2, copied here by hand on purpose: the expected answers must not be
 * read from the `routes` table under test. 'public' = no sign-in; 'any' = any signed-in user.
 */
const spec: Record<string, { allowed: 'public' | 'any' | Role[]; gate?: true }> = {
  '/': { allowed: 'public' },
  '/welcome': { allowed: 'public' },
  '/login': { allowed: 'public' },
  '/register': { allowed: 'public' },
  '/kyc-verification': { allowed: 'public' },
  '/agreement': { allowed: 'public' },
  '/admin/login': { allowed: 'public' },
  '/dashboard': { allowed: 'any' },
  '/research': { allowed: ['investor', 'mfo_admin'] },
  '/investments/green-bond-7': { allowed: ['investor'], gate: true },
  '/opportunities/solar-farm-1': { allowed: ['investor'] },
  '/opportunities': { allowed: ['investor'] },
  '/settings': { allowed: ['investor', 'mfo_admin'] },
  '/placements': { allowed: ['investor', 'mfo_admin'] },
  '/wallet': { allowed: ['investor'] },
  '/documents': { allowed: ['investor', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'mfo_admin'] },
  '/support': { allowed: ['investor'] },
  '/users': { allowed: ['mfo_admin'] },
  '/compliance': { allowed: ['mfo_admin'] },
  '/reports': { allowed: ['mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'compliance'] },
  '/loans': { allowed: ['cl_spv_admin'] },
  '/investments': { allowed: ['eq_spv_admin'] },
  '/assets': { allowed: ['production_spv'] },
  '/kyc': { allowed: ['compliance'] },
  '/audit': { allowed: ['compliance'] },
  '/offerings': { allowed: ['cl_spv_admin', 'eq_spv_admin', 'production_spv', 'mfo_admin', 'compliance'] },
  // docs/decisions.md (5) and (6).
  '/community': { allowed: 'any' },
  '/access-required': { allowed: 'any' },
};

/** The readiness states of an investor that matter to the gate, with the need each leaves. */
const readinessStates: { name: string; patch: Partial<User>; need: 'wallet' | 'kyc' | 'onramp' | null }[] = [
  { name: 'nothing done', patch: {}, need: 'wallet' },
  { name: 'KYC approved, no wallet', patch: { kycStatus: 'approved', firstOnrampOk: true }, need: 'wallet' },
  { name: 'wallet only', patch: { crossmintWalletId: 'w-1' }, need: 'kyc' },
  { name: 'wallet, KYC pending', patch: { crossmintWalletId: 'w-1', kycStatus: 'pending' }, need: 'kyc' },
  {
    name: 'wallet, KYC declined, funded',
    patch: { crossmintWalletId: 'w-1', kycStatus: 'declined', firstOnrampOk: true },
    need: 'kyc',
  },
  { name: 'wallet and KYC', patch: { crossmintWalletId: 'w-1', kycStatus: 'approved' }, need: 'onramp' },
  { name: 'ready', patch: { crossmintWalletId: 'w-1', kycStatus: 'approved', firstOnrampOk: true }, need: null },
];

function expected(path: string, session: Session, need: 'wallet' | 'kyc' | 'onramp' | null): AccessDecision['kind'] {
  const rule = spec[path];
  if (!rule) return 'not-found';
  if (rule.allowed === 'public') return 'allow';
  if (!session.user) return 'login';
  if (session.isAdmin) return 'allow';
  if (rule.allowed !== 'any' && !rule.allowed.includes(session.user.role)) return 'denied';
  if (rule.gate && session.user.role === 'investor' && need) return 'need';
  return 'allow';
}

describe('decideAccess: every route x every role x admin flag x readiness state', () => {
  const paths = Object.keys(spec);

  it('the route table has exactly the routes of the specification', () => {
    const patterns = routes.map((r) => r.path.replace(':id', 'x'));
    const specPatterns = paths.map((p) => p.replace(/\/(green-bond-7|solar-farm-1)$/, '/x'));
    expect(new Set(patterns)).toEqual(new Set(specPatterns));
    expect(routes).toHaveLength(paths.length);
  });

  for (const path of paths) {
    it(`${path}: signed out`, () => {
      for (const isAdmin of [false, true]) {
        expect(decideAccess({ user: null, isAdmin }, path).kind).toBe(expected(path, { user: null, isAdmin }, null));
      }
    });

    for (const role of roleIds) {
      for (const isAdmin of [false, true]) {
        for (const state of readinessStates) {
          it(`${path}: ${role}, admin flag ${isAdmin}, ${state.name}`, () => {
            const session = { user: user(role, state.patch), isAdmin };
            const decision = decideAccess(session, path);
            const kind = expected(path, session, state.need);
            expect(decision.kind).toBe(kind);
            if (decision.kind === 'need') {
              expect(decision.need).toBe(state.need);
              expect(decision.redirect).toBe(`/access-required?need=${state.need}&from=${encodeURIComponent(path)}`);
            }
          });
        }
      }
    }
  }
});

describe('decideAccess: paths', () => {
  const investor = { user: user('investor'), isAdmin: false };

  it('unknown paths are not found, for anyone', () => {
    for (const path of ['/nope', '/opportunities/a/b', '/admin', '/dashboard/extra', '/Dashboard']) {
      expect(decideAccess(investor, path).kind).toBe('not-found');
      expect(decideAccess({ user: null, isAdmin: false }, path).kind).toBe('not-found');
    }
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(decideAccess(investor, '/wallet/').kind).toBe('allow');
    expect(decideAccess(investor, '/wallet?tab=1#top').kind).toBe('allow');
    expect(decideAccess({ user: null, isAdmin: false }, '/wallet?x=1').kind).toBe('login');
  });

  it('the gate redirect carries the encoded path it came from', () => {
    const decision = decideAccess(investor, '/investments/a b');
    expect(decision).toEqual({
      kind: 'need',
      need: 'wallet',
      redirect: '/access-required?need=wallet&from=%2Finvestments%2Fa%20b',
    });
    expect(accessRequiredHref('kyc', '/x?y=1')).toBe('/access-required?need=kyc&from=%2Fx%3Fy%3D1');
  });
});

describe('signedInRedirect', () => {
  const investor = { user: user('investor'), isAdmin: false };
  const admin = { user: user('mfo_admin'), isAdmin: true };
  it('sends anyone signed in from / and /login to the dashboard', () => {
    expect(signedInRedirect(investor, '/')).toBe('/dashboard');
    expect(signedInRedirect(investor, '/login')).toBe('/dashboard');
    expect(signedInRedirect({ user: null, isAdmin: false }, '/')).toBeNull();
  });
  it('sends only admins from /admin/login', () => {
    expect(signedInRedirect(investor, '/admin/login')).toBeNull();
    expect(signedInRedirect(admin, '/admin/login')).toBe('/dashboard');
  });
  it('leaves every other page alone', () => {
    expect(signedInRedirect(investor, '/register')).toBeNull();
    expect(signedInRedirect(admin, '/wallet')).toBeNull();
  });
});

describe('resolveNeed', () => {
  it('keeps a known need and falls back to the first unmet step otherwise', () => {
    const u = user('investor', { crossmintWalletId: 'w' });
    expect(resolveNeed(u, 'onramp')).toBe('onramp');
    // A stale link asking for a step already done names the step really missing.
    expect(resolveNeed(u, 'wallet')).toBe('kyc');
    expect(resolveNeed(u, 'bogus')).toBe('kyc');
    expect(resolveNeed(u, null)).toBe('kyc');
    expect(
      resolveNeed(user('investor', { crossmintWalletId: 'w', kycStatus: 'approved', firstOnrampOk: true }), 'x'),
    ).toBeNull();
  });
});
