import * as v from 'valibot';
import { type Role, RoleSchema } from './roles';
import { hrefFor, roleMayOpen, routeFor, type StaticScreen } from './routes';
import type { Session } from './session';
import { parseTable } from './table';

const paletteGroups = ['Navigation', 'Admin', 'Consoles', 'Account'] as const;
type PaletteGroup = (typeof paletteGroups)[number];

const PaletteEntrySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  group: v.picklist(paletteGroups),
  label: v.pipe(v.string(), v.nonEmpty()),
  /** Where the entry goes; absent for actions. */
  href: v.optional(v.pipe(v.string(), v.regex(/^\/[a-z0-9/-]*$/, 'must be an internal path'))),
  /** An action the app carries out instead of navigating. */
  action: v.optional(v.picklist(['logout'])),
  /** Restricted to these roles; absent means everyone. */
  roles: v.optional(v.pipe(v.array(RoleSchema), v.nonEmpty())),
});
export type PaletteEntry = v.InferOutput<typeof PaletteEntrySchema>;

export function parsePaletteEntries(entries: readonly unknown[]): PaletteEntry[] {
  const parsed = parseTable('palette', PaletteEntrySchema, entries);
  for (const entry of parsed) {
    if ((entry.href === undefined) === (entry.action === undefined)) {
      throw new Error(`Invalid palette entry "${entry.id}": field "href": give exactly one of href or action`);
    }
  }
  return parsed;
}

const investorOnly: Role[] = ['investor'];
const adminOnly: Role[] = ['mfo_admin'];

/** Every command palette entry of docs/product.md §2, with its role restriction. */
const paletteEntries: readonly PaletteEntry[] = parsePaletteEntries([
  { id: 'dashboard', group: 'Navigation', label: 'Go to Dashboard', href: hrefFor('dashboard') },
  {
    id: 'opportunities',
    group: 'Navigation',
    label: 'Explore Opportunities',
    href: hrefFor('opportunities'),
    roles: investorOnly,
  },
  { id: 'portfolio', group: 'Navigation', label: 'View Portfolio', href: hrefFor('placements'), roles: investorOnly },
  { id: 'wallet', group: 'Navigation', label: 'Open Wallet', href: hrefFor('wallet'), roles: investorOnly },
  { id: 'documents', group: 'Navigation', label: 'View Documents', href: hrefFor('documents') },
  { id: 'settings', group: 'Navigation', label: 'Account Settings', href: hrefFor('settings') },
  { id: 'support', group: 'Navigation', label: 'Support', href: hrefFor('support') },
  { id: 'users', group: 'Admin', label: 'Manage Users', href: hrefFor('users'), roles: adminOnly },
  { id: 'compliance', group: 'Admin', label: 'Compliance Center', href: hrefFor('compliance'), roles: adminOnly },
  { id: 'reports', group: 'Admin', label: 'Reports', href: hrefFor('reports'), roles: adminOnly },
  { id: 'logout', group: 'Account', label: 'Logout', action: 'logout' },
]);

/** The operators' consoles, offered in the palette's "Consoles" group to whoever the route table lets in. */
const consoleScreens = [
  'users',
  'compliance',
  'reports',
  'offerings',
  'investments',
  'loans',
  'assets',
  'kyc',
  'audit',
] as const satisfies readonly StaticScreen[];

/** The consoles a session may open (the admin flag: every one), as palette entries. */
function consoleEntries(session: Session): PaletteEntry[] {
  const { user } = session;
  if (user === null) return [];
  return consoleScreens
    .filter((screen) => session.isAdmin || roleMayOpen(routeFor(screen), user.role))
    .map((screen) => ({
      id: `console-${screen}`,
      group: 'Consoles',
      label: routeFor(screen).title,
      href: hrefFor(screen),
    }));
}

export interface PaletteSection {
  group: PaletteGroup;
  entries: PaletteEntry[];
}

/**
 * docs/product.md §6: the admin flag or mfo_admin sees every entry; others see unrestricted entries and
 * those of their own role; signed out sees only unrestricted entries. Beyond these, the consoles the
 * session may open that no entry already leads to. Empty groups are left out.
 */
export function paletteFor(session: Session): PaletteSection[] {
  const { user } = session;
  const seesAll = user !== null && (session.isAdmin || user.role === 'mfo_admin');
  const listed = paletteEntries.filter(
    (entry) => seesAll || !entry.roles || (user !== null && entry.roles.includes(user.role)),
  );
  const consoles = consoleEntries(session).filter((entry) => !listed.some((e) => e.href === entry.href));
  const visible = [...listed, ...consoles];
  return paletteGroups
    .map((group) => ({ group, entries: visible.filter((e) => e.group === group) }))
    .filter((section) => section.entries.length > 0);
}
