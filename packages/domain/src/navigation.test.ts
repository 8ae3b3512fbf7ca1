import { describe, expect, it } from 'vitest';
import { breadcrumbs, documentTitle, primaryNav, safeInternalPath, showsAdminMenu } from './navigation';
import { paletteFor, parsePaletteEntries } from './palette';
import { type Role, roleIds } from './roles';
import { parseRoutes, routes } from './routes';
import type { Session } from './session';

function session(role: Role | null, isAdmin = false): Session {
  return {
    user: role ? { id: 'u', name: 'U', email: 'u@example.eu', role, kycStatus: 'unknown', firstOnrampOk: false } : null,
    isAdmin,
  };
}

const labels = (s: Session) => paletteFor(s).map((g) => [g.group, g.entries.map((e) => e.label)]);

const everyone = ['Go to Dashboard', 'View Documents', 'Account Settings', 'Support'];
const investorOnly = ['Explore Opportunities', 'View Portfolio', 'Open Wallet'];
const admin = ['Manage Users', 'Compliance Center', 'Reports'];

describe('paletteFor', () => {
  it('signed out sees only unrestricted entries', () => {
    expect(labels(session(null))).toEqual([
      ['Navigation', everyone],
      ['Account', ['Logout']],
    ]);
  });

  it('an investor sees the investor entries and no admin group', () => {
    expect(labels(session('investor'))).toEqual([
      ['Navigation', ['Go to Dashboard', ...investorOnly, ...everyone.slice(1)]],
      ['Account', ['Logout']],
    ]);
  });

  it('mfo_admin and the admin flag see every entry, and the consoles they may open', () => {
    const all = [
      ['Navigation', ['Go to Dashboard', ...investorOnly, ...everyone.slice(1)]],
      ['Admin', admin],
    ];
    expect(labels(session('mfo_admin'))).toEqual([...all, ['Consoles', ['Offerings']], ['Account', ['Logout']]]);
    for (const role of roleIds) {
      expect(labels(session(role, true))).toEqual([
        ...all,
        ['Consoles', ['Offerings', 'Investments', 'Loans', 'Assets', 'KYC', 'Audit']],
        ['Account', ['Logout']],
      ]);
    }
  });

  it('other roles see the unrestricted entries and the consoles the route table lets them open', () => {
    const consoles = {
      cl_spv_admin: ['Reports', 'Offerings', 'Loans'],
      eq_spv_admin: ['Reports', 'Offerings', 'Investments'],
      production_spv: ['Offerings', 'Assets'],
      compliance: ['Reports', 'Offerings', 'KYC', 'Audit'],
    };
    for (const [role, entries] of Object.entries(consoles)) {
      expect(labels(session(role as Role))).toEqual([
        ['Navigation', everyone],
        ['Consoles', entries],
        ['Account', ['Logout']],
      ]);
    }
  });

  it('each console entry leads to a route its role may open', () => {
    const hrefs = paletteFor(session('compliance')).flatMap((g) =>
      g.group === 'Consoles' ? g.entries.map((e) => e.href) : [],
    );
    expect(hrefs).toEqual(['/reports', '/offerings', '/kyc', '/audit']);
  });

  it('entries lead where the specification says', () => {
    const hrefs = Object.fromEntries(
      paletteFor(session('mfo_admin')).flatMap((g) => g.entries.map((e) => [e.label, e.href ?? e.action])),
    );
    expect(hrefs).toMatchObject({
      'Go to Dashboard': '/dashboard',
      'Explore Opportunities': '/opportunities',
      'Open Wallet': '/wallet',
      'View Documents': '/documents',
      'Account Settings': '/settings',
      Support: '/support',
      'Manage Users': '/users',
      'Compliance Center': '/compliance',
      Reports: '/reports',
      Logout: 'logout',
    });
  });

  it('rejects an entry with a bad role, naming it', () => {
    expect(() =>
      parsePaletteEntries([{ id: 'x', group: 'Admin', label: 'X', href: '/x', roles: ['superuser'] }]),
    ).toThrow(/palette entry "x": field "roles.0"/);
  });

  it('rejects an entry with neither href nor action', () => {
    expect(() => parsePaletteEntries([{ id: 'y', group: 'Account', label: 'Y' }])).toThrow(/palette entry "y"/);
  });
});

describe('route table validation', () => {
  it('rejects a route with an unknown role, naming the route and the field', () => {
    expect(() =>
      parseRoutes([{ path: '/vault', screen: 'dashboard', access: ['investor', 'root'], gate: false, title: 'V' }]),
    ).toThrow(/route entry "\/vault": field "access.1"/);
  });
  it('rejects a route with an unknown screen', () => {
    expect(() => parseRoutes([{ path: '/x', screen: 'nope', access: 'public', gate: false, title: 'X' }])).toThrow(
      /route entry "\/x": field "screen"/,
    );
  });
});

describe('navigation', () => {
  it('primary nav lists the seven pages in order', () => {
    expect(primaryNav.map((l) => l.href)).toEqual([
      '/dashboard',
      '/opportunities',
      '/placements',
      '/wallet',
      '/documents',
      '/community',
      '/support',
    ]);
  });

  it('shows the admin menu for the admin flag and the four admin roles only', () => {
    const shown = roleIds.filter((r) => showsAdminMenu(session(r)));
    expect(shown.sort()).toEqual(['cl_spv_admin', 'compliance', 'eq_spv_admin', 'mfo_admin']);
    expect(showsAdminMenu(session('investor', true))).toBe(true);
    expect(showsAdminMenu(session('production_spv', true))).toBe(true);
    expect(showsAdminMenu(session(null))).toBe(false);
  });

  it('breadcrumbs: Home first, dashes to spaces, title case', () => {
    expect(breadcrumbs('/')).toEqual([{ label: 'Home', href: '/' }]);
    expect(breadcrumbs('/kyc-verification')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Kyc Verification', href: '/kyc-verification' },
    ]);
    expect(breadcrumbs('/opportunities/solar-farm-amsterdam/?x=1')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Opportunities', href: '/opportunities' },
      { label: 'Solar Farm Amsterdam', href: '/opportunities/solar-farm-amsterdam' },
    ]);
    expect(breadcrumbs('/admin/login').map((c) => c.label)).toEqual(['Home', 'Admin', 'Login']);
    expect(breadcrumbs('/a%20b/%E0%A4%A')[1]?.label).toBe('A B');
  });
});

describe('safeInternalPath', () => {
  it('refuses anything that could leave the origin', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /dashboard',
      'dashboard',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeInternalPath(bad)).toBeNull();
    }
  });

  it('keeps ordinary paths with queries and hashes', () => {
    for (const good of [
      '/',
      '/dashboard',
      '/investments/green-bond-7',
      '/opportunities?category=Education&sort=apy-desc',
      '/wallet#top',
    ]) {
      expect(safeInternalPath(good)).toBe(good);
    }
  });
});

describe('documentTitle', () => {
  it('names the route, with parameters, or the 404, then the app', () => {
    expect(documentTitle('/dashboard')).toBe('Dashboard · Vault');
    expect(documentTitle('/opportunities/solar-park-groningen')).toBe('Opportunity · Vault');
    expect(documentTitle('/investments')).toBe('Investments · Vault');
    expect(documentTitle('/no-such-page')).toBe('Page not found · Vault');
  });

  it('gives every route of the table a title of its own', () => {
    const titles = routes.map((r) => documentTitle(r.path.replace(':id', 'x')));
    expect(new Set(titles).size).toBe(routes.length);
  });
});
