import * as v from 'valibot';
import { type Role, RoleSchema } from './roles';
import { hrefFor, matchRoute, normalizePathname, routeFor, type StaticScreen } from './routes';
import type { Session } from './session';
import { parseTable } from './table';

export interface NavLink {
  label: string;
  href: string;
}

const NavLinkSchema = v.object({
  label: v.pipe(v.string(), v.nonEmpty()),
  href: v.pipe(v.string(), v.regex(/^\/[a-z0-9/-]*$/, 'must be an internal path')),
});

/** Links labelled with their routes' titles. */
const linksTo = (table: string, screens: readonly StaticScreen[]): NavLink[] =>
  parseTable(
    table,
    NavLinkSchema,
    screens.map((screen) => ({ label: routeFor(screen).title, href: hrefFor(screen) })),
  );

/** The primary navigation everyone in the shell sees (docs/product.md §2 'Shell layout'). */
export const primaryNav: readonly NavLink[] = linksTo('primary nav', [
  'dashboard',
  'opportunities',
  'placements',
  'wallet',
  'documents',
  'community',
  'support',
]);

export const adminMenu: readonly NavLink[] = linksTo('admin menu', ['users', 'compliance', 'reports']);

/** Roles that see the admin menu even without the admin flag. */
const adminMenuRoles: readonly Role[] = v.parse(v.array(RoleSchema), [
  'mfo_admin',
  'compliance',
  'cl_spv_admin',
  'eq_spv_admin',
]);

export function showsAdminMenu(session: Session): boolean {
  if (!session.user) return false;
  return session.isAdmin || adminMenuRoles.includes(session.user.role);
}

/** The items of the user menu; Logout is an action, not a link. */
export const userMenu: readonly NavLink[] = parseTable('user menu', NavLinkSchema, [
  { label: 'Account Settings', href: hrefFor('settings') },
  { label: 'Documents', href: hrefFor('documents') },
]);

export interface FooterLink {
  label: string;
  /** Null for the placeholder links that lead nowhere yet. */
  href: string | null;
}

export const footerLinks: readonly FooterLink[] = [
  { label: 'Need Help?', href: hrefFor('support') },
  { label: 'Investment Disclaimer', href: null },
  { label: 'Privacy Policy', href: null },
  { label: 'Terms and Conditions', href: null },
];

export interface Breadcrumb {
  label: string;
  href: string;
}

/** Home first, then each path segment with dashes turned into spaces and title-cased. */
export function breadcrumbs(pathname: string): Breadcrumb[] {
  const segments = normalizePathname(pathname)
    .split('/')
    .filter((s) => s !== '');
  const crumbs: Breadcrumb[] = [{ label: 'Home', href: hrefFor('landing') }];
  let href = '';
  for (const segment of segments) {
    href += `/${segment}`;
    crumbs.push({ label: titleCase(decodeSegment(segment).replace(/-/g, ' ')), href });
  }
  return crumbs;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => (word === '' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/**
 * `from` is followed only when it is a path on this origin: one leading slash, no second slash
 * or backslash after it, no control characters (browsers drop tabs and newlines, which would
 * turn '/\t/evil' into '//evil'). Anything else gives null (docs/decisions.md (5)).
 */
export function safeInternalPath(from: string | null | undefined): string | null {
  if (typeof from !== 'string' || from.length > 2048) return null;
  if (!/^\/(?![/\\])/.test(from)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return null;
  return from;
}

const APP_NAME = 'Vault';

/** The document title of a path: its route's title, or the 404's, then the app's name. */
export function documentTitle(pathname: string): string {
  const title = matchRoute(pathname)?.route.title ?? 'Page not found';
  return `${title} · ${APP_NAME}`;
}
