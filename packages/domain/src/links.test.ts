import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';
import { guideCardsFor, quickLinksFor, walletNextActions } from './guides';
import { adminMenu, footerLinks, primaryNav, showsAdminMenu, userMenu } from './navigation';
import { paletteFor } from './palette';
import { nudgeFor, readiness } from './readiness';
import { type Role, roleIds } from './roles';
import { hrefFor, isComingSoon, matchRoute, routes } from './routes';
import type { Session, User } from './session';

interface ShownLink {
  surface: string;
  label: string;
  href: string;
}

function user(role: Role, progress: Partial<User> = {}): User {
  return { id: 'u', name: 'U', email: 'u@example.eu', role, kycStatus: 'unknown', firstOnrampOk: false, ...progress };
}

/** Every link a session is shown, surface by surface, as the shell and the screens show them. */
function linksShown(session: Session): ShownLink[] {
  const links: ShownLink[] = [];
  const add = (surface: string, items: readonly { label: string; href?: string | null }[]) => {
    for (const { label, href } of items) if (href) links.push({ surface, label, href });
  };
  add('primary nav', primaryNav);
  if (showsAdminMenu(session)) add('admin menu', adminMenu);
  add('user menu', userMenu);
  add('footer', footerLinks);
  for (const section of paletteFor(session)) add('palette', section.entries);
  add('quick actions', quickLinksFor(session));
  for (const card of guideCardsFor(session)) add('guides', card.links);
  // The wallet page (and its next actions) only for those who may open it.
  if (decideAccess(session, hrefFor('wallet')).kind !== 'denied') add('next actions', walletNextActions);
  if (session.user?.role === 'investor') {
    add(
      'readiness',
      readiness(session.user).steps.map((s) => ({ label: s.buttonText, href: s.target })),
    );
    const nudge = nudgeFor(session.user);
    if (nudge) add('nudge', [{ label: nudge.label, href: nudge.target }]);
  }
  return links;
}

/** Sessions that see different links: every role, an investor at each readiness stage, the admin flag. */
const sessions: { name: string; session: Session }[] = [
  ...roleIds.map((role) => ({ name: role, session: { user: user(role), isAdmin: false } })),
  { name: 'investor with a wallet', session: { user: user('investor', { crossmintWalletId: 'w' }), isAdmin: false } },
  {
    name: 'investor with a wallet and KYC',
    session: { user: user('investor', { crossmintWalletId: 'w', kycStatus: 'approved' }), isAdmin: false },
  },
  {
    name: 'ready investor',
    session: {
      user: user('investor', { crossmintWalletId: 'w', kycStatus: 'approved', firstOnrampOk: true }),
      isAdmin: false,
    },
  },
  ...roleIds.map((role) => ({ name: `${role} with the admin flag`, session: { user: user(role), isAdmin: true } })),
];

const deniedLinks = (session: Session): string[] =>
  linksShown(session)
    .filter((link) => decideAccess(session, link.href).kind === 'denied')
    .map((link) => `${link.surface}: ${link.label}`);

/** Surfaces the specification fixes for every signed-in person, whatever their role. */
const shellSurfaces = new Set(['primary nav', 'admin menu', 'user menu', 'footer', 'palette']);

/**
 * The two quick buttons docs/product.md §2 lists as they are, although their dashboard's role
 * may not open the page: the only denied links allowed outside the shell.
 */
const deniedQuickButtons: Record<string, string[]> = {
  investor: ['quick actions: Reports'],
  mfo_admin: ['quick actions: Manage Assets'],
};

/**
 * The shell is the same for everyone (docs/product.md §2 'Shell layout' and 'Command palette':
 * primary navigation, user menu and footer for everyone, the palette's unrestricted entries for
 * everyone and all of it for mfo_admin, the admin menu for compliance and the SPV admins), so it
 * shows some people links their role may not open. Listed here one by one, so that a new one fails.
 */
const deniedShellLinks: Record<string, string[]> = {
  mfo_admin: [
    'primary nav: Opportunities',
    'primary nav: Wallet',
    'primary nav: Support',
    'footer: Need Help?',
    'palette: Explore Opportunities',
    'palette: Open Wallet',
    'palette: Support',
  ],
  cl_spv_admin: [
    'primary nav: Opportunities',
    'primary nav: Placements',
    'primary nav: Wallet',
    'primary nav: Support',
    'admin menu: Users',
    'admin menu: Compliance',
    'user menu: Account Settings',
    'footer: Need Help?',
    'palette: Account Settings',
    'palette: Support',
  ],
  production_spv: [
    'primary nav: Opportunities',
    'primary nav: Placements',
    'primary nav: Wallet',
    'primary nav: Support',
    'user menu: Account Settings',
    'footer: Need Help?',
    'palette: Account Settings',
    'palette: Support',
  ],
  compliance: [
    'primary nav: Opportunities',
    'primary nav: Placements',
    'primary nav: Wallet',
    'primary nav: Documents',
    'primary nav: Support',
    'admin menu: Users',
    'admin menu: Compliance',
    'user menu: Account Settings',
    'user menu: Documents',
    'footer: Need Help?',
    'palette: View Documents',
    'palette: Account Settings',
    'palette: Support',
  ],
};
// eq_spv_admin sees the same shell as cl_spv_admin.
deniedShellLinks.eq_spv_admin = deniedShellLinks.cl_spv_admin ?? [];

const roleOf = (session: Session) => session.user?.role ?? '';

describe('the link walk: every link each session is shown, through decideAccess', () => {
  it.each(sessions)(
    '$name: no link off the shell leads to Access denied, except the two quick buttons',
    ({ session }) => {
      const denied = deniedLinks(session).filter((link) => !shellSurfaces.has(link.split(':')[0] ?? ''));
      expect(denied).toEqual(session.isAdmin ? [] : (deniedQuickButtons[roleOf(session)] ?? []));
    },
  );

  it.each(sessions)('$name: the shell denies exactly the links listed', ({ session }) => {
    const denied = deniedLinks(session).filter((link) => shellSurfaces.has(link.split(':')[0] ?? ''));
    expect(denied).toEqual(session.isAdmin ? [] : (deniedShellLinks[roleOf(session)] ?? []));
  });

  it('walks links on every surface it names', () => {
    const surfaces = new Set(sessions.flatMap(({ session }) => linksShown(session).map((l) => l.surface)));
    expect([...surfaces].sort()).toEqual([
      'admin menu',
      'footer',
      'guides',
      'next actions',
      'nudge',
      'palette',
      'primary nav',
      'quick actions',
      'readiness',
      'user menu',
    ]);
  });

  it('fails on a denied link: an investor shown /users', () => {
    const investor: Session = { user: user('investor'), isAdmin: false };
    expect(decideAccess(investor, hrefFor('users')).kind).toBe('denied');
  });
});

describe('hrefFor', () => {
  it('gives the path of a screen without parameters', () => {
    expect(hrefFor('dashboard')).toBe('/dashboard');
    expect(hrefFor('landing')).toBe('/');
    expect(hrefFor('kycVerification')).toBe('/kyc-verification');
  });

  it('fills and encodes parameters, so an id stays one segment', () => {
    expect(hrefFor('opportunityDetail', { id: 'solar-park' })).toBe('/opportunities/solar-park');
    expect(hrefFor('investmentFlow', { id: 'a/b?c d' })).toBe('/investments/a%2Fb%3Fc%20d');
  });

  it('adds an encoded query and leaves out undefined values', () => {
    expect(hrefFor('register', {}, { type: 'individual' })).toBe('/register?type=individual');
    expect(hrefFor('accessRequired', {}, { need: 'kyc', from: '/investments/x?step=2', none: undefined })).toBe(
      '/access-required?need=kyc&from=%2Finvestments%2Fx%3Fstep%3D2',
    );
  });

  it("types the parameters from the route's path (checked by npm run typecheck)", () => {
    // @ts-expect-error: the detail's path has an :id
    expect(() => hrefFor('opportunityDetail')).toThrow(/needs the parameter ":id"/);
    // @ts-expect-error: the dashboard's path has no parameter
    expect(hrefFor('dashboard', { id: 'x' })).toBe('/dashboard');
  });

  it('refuses an empty parameter', () => {
    expect(() => hrefFor('opportunityDetail', { id: '' })).toThrow(/needs the parameter ":id"/);
  });

  it('round-trips through matchRoute', () => {
    const match = matchRoute(hrefFor('opportunityDetail', { id: 'a/b c' }));
    expect(match?.route.screen).toBe('opportunityDetail');
    expect(match?.params).toEqual({ id: 'a/b c' });
  });
});

describe('the coming-soon flag', () => {
  it('marks the two routes not built yet, and only those', () => {
    expect(routes.filter((r) => isComingSoon(r.screen)).map((r) => r.path)).toEqual(['/support', '/community']);
  });
});
