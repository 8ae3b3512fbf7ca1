import { expect, main, navigateInApp, OPPORTUNITY, type Role, stateFile, test } from './fixtures';
import { adminMenuButton, userMenuButton } from './steps';

/**
 * docs/product.md §2's route table, written out here on purpose (not imported from @vault/domain), so the
 * app's table is checked against the specification rather than against itself. /community and
 * /access-required are open to any signed-in user (docs/decisions.md (5) and (6)).
 */
const ALL: Role[] = ['investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance'];
/** `gated`: behind the readiness gate, so the demo investor (not onboarded) is sent to /access-required. */
const routeTable: { path: string; allowed: Role[]; gated?: true }[] = [
  { path: '/dashboard', allowed: ALL },
  { path: '/research', allowed: ['investor', 'mfo_admin'] },
  { path: `/investments/${OPPORTUNITY.id}`, allowed: ['investor'], gated: true },
  { path: `/opportunities/${OPPORTUNITY.id}`, allowed: ['investor'] },
  { path: '/opportunities', allowed: ['investor'] },
  { path: '/settings', allowed: ['investor', 'mfo_admin'] },
  { path: '/placements', allowed: ['investor', 'mfo_admin'] },
  { path: '/wallet', allowed: ['investor'] },
  { path: '/documents', allowed: ['investor', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'mfo_admin'] },
  { path: '/support', allowed: ['investor'] },
  { path: '/users', allowed: ['mfo_admin'] },
  { path: '/compliance', allowed: ['mfo_admin'] },
  { path: '/reports', allowed: ['mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'compliance'] },
  { path: '/loans', allowed: ['cl_spv_admin'] },
  { path: '/investments', allowed: ['eq_spv_admin'] },
  { path: '/assets', allowed: ['production_spv'] },
  { path: '/kyc', allowed: ['compliance'] },
  { path: '/audit', allowed: ['compliance'] },
  { path: '/offerings', allowed: ['cl_spv_admin', 'eq_spv_admin', 'production_spv', 'mfo_admin', 'compliance'] },
  { path: '/community', allowed: ALL },
  { path: '/access-required', allowed: ALL },
];

/** The palette's Consoles group for each role (docs/product.md §6): what the route table lets it open. */
const paletteConsoles: Record<Role, string[]> = {
  investor: [],
  mfo_admin: ['Offerings'],
  compliance: ['Reports', 'Offerings', 'KYC', 'Audit'],
  cl_spv_admin: ['Reports', 'Offerings', 'Loans'],
  eq_spv_admin: ['Reports', 'Offerings', 'Investments'],
  production_spv: ['Offerings', 'Assets'],
};

/** Public routes: open to everyone; '/' and '/login' send signed-in people to the dashboard. */
const publicRoutes: { path: string; signedInGoesTo?: string }[] = [
  { path: '/', signedInGoesTo: '/dashboard' },
  { path: '/login', signedInGoesTo: '/dashboard' },
  { path: '/welcome' },
  { path: '/register' },
  { path: '/kyc-verification' },
  { path: '/agreement' },
  { path: '/admin/login' },
];

/** What each role's dashboard shows (docs/product.md §2 'Dashboards by role'). */
const dashboards: Record<Role, { title: string | RegExp; texts: (string | RegExp)[] }> = {
  investor: {
    title: 'Dashboard',
    texts: [
      'Readiness Level',
      'Create your wallet',
      'Recent investments',
      'Notifications',
      'Upcoming actions',
      'Start here',
      'Keep going',
      'Next steps',
    ],
  },
  mfo_admin: {
    title: 'MFO Admin Dashboard',
    texts: [
      'Total Users',
      'Total Assets Managed',
      'Compliance Alerts',
      /Recent activity/i,
      'Account Recovery & Reset',
      'Platform Updates Distribution',
      'MFO Accounting',
      'Admin shortcuts',
    ],
  },
  cl_spv_admin: { title: 'Commercial Lending SPV Admin', texts: [/loan portfolio/i, /upcoming repayments/i] },
  eq_spv_admin: { title: 'Equity Investment SPV Admin', texts: [/equity portfolio/i] },
  production_spv: { title: 'Production SPV Dashboard', texts: [/asset inventory/i] },
  compliance: { title: 'Compliance Dashboard', texts: [/alerts/i, /High/, /Medium/, /audit logs/i] },
};

const navigationEntries = [
  'Go to Dashboard',
  'Explore Opportunities',
  'View Portfolio',
  'Open Wallet',
  'View Documents',
  'Account Settings',
  'Support',
];
const investorOnlyEntries = ['Explore Opportunities', 'View Portfolio', 'Open Wallet'];

const adminMenuRoles: Role[] = ['mfo_admin', 'compliance', 'cl_spv_admin', 'eq_spv_admin'];

for (const role of ALL) {
  test.describe(() => {
    test.use({ storageState: stateFile(role) });
    test(`role ${role}: dashboard, admin menu, and every route of the route table`, async ({ page, watch }) => {
      test.slow();
      // Signed in through the demo account once per run (signed-in.setup.ts), shared by the journeys.
      await page.goto('/dashboard');
      const board = dashboards[role];
      await expect(main(page).getByRole('heading', { level: 1, name: board.title })).toBeVisible();
      for (const text of board.texts) await expect(main(page).getByText(text).first()).toBeVisible();
      await expect(adminMenuButton(page)).toHaveCount(adminMenuRoles.includes(role) ? 1 : 0);
      await expect(userMenuButton(page)).toContainText(`demo.${role}@vault.example`);

      // The palette shows what the role may use (docs/product.md §2 'Command palette' and §6).
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog');
      const seesAll = role === 'investor' || role === 'mfo_admin';
      await expect(palette.getByRole('group', { name: 'Navigation' }).getByRole('option')).toHaveText(
        seesAll ? navigationEntries : navigationEntries.filter((e) => !investorOnlyEntries.includes(e)),
      );
      await expect(palette.getByRole('group', { name: 'Admin' })).toHaveCount(role === 'mfo_admin' ? 1 : 0);
      // Each console the route table lets the role open, beyond the Admin group's.
      const consoles = palette.getByRole('group', { name: 'Consoles' }).getByRole('option');
      await expect(consoles).toHaveText(paletteConsoles[role]);
      await expect(palette.getByRole('group', { name: 'Account' }).getByRole('option')).toHaveText(['Logout']);
      await page.keyboard.press('Escape');
      await expect(palette).toHaveCount(0);

      // In-app navigation from here: the guard decides on every route change, not just on page load.
      for (const route of routeTable) {
        await navigateInApp(page, route.path);
        const allowed = route.allowed.includes(role);
        if (allowed) {
          if (role === 'investor' && route.gated) {
            // Allowed for investors, behind the readiness gate: a new investor is sent on.
            await expect(page, route.path).toHaveURL(/\/access-required\?need=wallet&from=/);
          } else {
            await expect(page, route.path).toHaveURL(new RegExp(`${route.path}$`));
          }
          await expect(main(page).locator('h1').first(), `${role} on ${route.path}`).toBeVisible();
          await expect(page.getByText('Access denied.'), `${role} may open ${route.path}`).toHaveCount(0);
        } else {
          await expect(
            page.getByRole('alert').filter({ hasText: 'Access denied.' }),
            `${role} on ${route.path}`,
          ).toBeVisible();
          await expect(page).toHaveURL(new RegExp(`${route.path}$`));
        }
      }

      for (const route of publicRoutes) {
        await navigateInApp(page, route.path);
        if (route.signedInGoesTo) {
          await expect(page, route.path).toHaveURL(new RegExp(`${route.signedInGoesTo}$`));
        } else {
          await expect(page, route.path).toHaveURL(new RegExp(`${route.path}$`));
        }
        await expect(page.locator('h1').first(), `${role} on ${route.path}`).toBeVisible();
        await expect(page.getByText('Access denied.')).toHaveCount(0);
      }
      watch.expectClean();
    });
  });
}

// Two halves of the table, the public routes with the second, so two workers share the 27 loads.
const middle = Math.ceil(routeTable.length / 2);
for (const [index, routes] of [routeTable.slice(0, middle), routeTable.slice(middle)].entries()) {
  test(`signed out, part ${index + 1}: every authenticated route sends to /login${index === 1 ? ', public routes open' : ''}`, async ({
    page,
    watch,
  }) => {
    for (const route of routes) {
      await page.goto(route.path);
      await expect(page, route.path).toHaveURL(/\/login$/);
    }
    if (index === 1) {
      for (const route of publicRoutes) {
        await page.goto(route.path);
        await expect(page, route.path).toHaveURL(new RegExp(`${route.path}$`));
        await expect(page.locator('h1').first()).toBeVisible();
      }
    }
    watch.expectClean();
  });
}
