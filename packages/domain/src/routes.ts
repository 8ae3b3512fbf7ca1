import * as v from 'valibot';
import { type Role, RoleSchema } from './roles';
import { parseTable } from './table';

export const screenKeys = [
  'landing',
  'welcome',
  'login',
  'register',
  'kycVerification',
  'agreement',
  'adminLogin',
  'dashboard',
  'research',
  'investmentFlow',
  'opportunityDetail',
  'opportunities',
  'settings',
  'placements',
  'wallet',
  'documents',
  'support',
  'users',
  'compliance',
  'reports',
  'loans',
  'investments',
  'assets',
  'kyc',
  'audit',
  'offerings',
  'community',
  'accessRequired',
] as const;
export type ScreenKey = (typeof screenKeys)[number];

const RouteSchema = v.object({
  /** Path pattern; `:name` matches one segment. */
  path: v.pipe(
    v.string(),
    v.regex(/^\/([a-z0-9-]+|:[a-z]+)?(\/([a-z0-9-]+|:[a-z]+))*$/, 'must be a path pattern like /opportunities/:id'),
  ),
  screen: v.picklist(screenKeys),
  /** 'public'; 'signed-in' for any signed-in user; or the roles allowed. */
  access: v.union([v.literal('public'), v.literal('signed-in'), v.pipe(v.array(RoleSchema), v.nonEmpty())]),
  /** Whether an investor must have wallet, KYC and first on-ramp (docs/decisions.md (4)). */
  gate: v.boolean(),
  /** Where signed-in people are sent on instead: 'user' for anyone signed in, 'admin' for admins. */
  redirectSignedIn: v.optional(v.picklist(['user', 'admin'])),
  /** Title for breadcrumbs, navigation and the document title. */
  title: v.pipe(v.string(), v.nonEmpty()),
  /** Not built yet: the app shows its one coming-soon screen with the route's title (docs/product.md §2). */
  comingSoon: v.optional(v.boolean(), false),
});
export type RouteDefinition = v.InferOutput<typeof RouteSchema>;

export function parseRoutes(entries: readonly unknown[]): RouteDefinition[] {
  return parseTable('route', RouteSchema, entries);
}

const everyAdminOfSpv = ['cl_spv_admin', 'eq_spv_admin', 'production_spv'] as const satisfies readonly Role[];

/** Keeps each entry's path as a literal type; parseRoutes checks the rest when the module loads. */
function literalRoutes<const T extends readonly { path: string; screen: ScreenKey }[]>(table: T): T {
  return table;
}

/**
 * Every route of docs/product.md §2, with /community and /access-required as docs/decisions.md
 * decides. Kept as literal data (`as const`) so `hrefFor` knows each path's `:name` parameters.
 */
const routeTable = literalRoutes([
  { path: '/', screen: 'landing', access: 'public', gate: false, redirectSignedIn: 'user', title: 'Home' },
  { path: '/welcome', screen: 'welcome', access: 'public', gate: false, title: 'Welcome' },
  { path: '/login', screen: 'login', access: 'public', gate: false, redirectSignedIn: 'user', title: 'Sign in' },
  { path: '/register', screen: 'register', access: 'public', gate: false, title: 'Register' },
  { path: '/kyc-verification', screen: 'kycVerification', access: 'public', gate: false, title: 'KYC verification' },
  { path: '/agreement', screen: 'agreement', access: 'public', gate: false, title: 'Membership agreement' },
  {
    path: '/admin/login',
    screen: 'adminLogin',
    access: 'public',
    gate: false,
    redirectSignedIn: 'admin',
    title: 'Admin login',
  },
  { path: '/dashboard', screen: 'dashboard', access: 'signed-in', gate: false, title: 'Dashboard' },
  { path: '/research', screen: 'research', access: ['investor', 'mfo_admin'], gate: false, title: 'Research' },
  { path: '/investments/:id', screen: 'investmentFlow', access: ['investor'], gate: true, title: 'Invest' },
  { path: '/opportunities/:id', screen: 'opportunityDetail', access: ['investor'], gate: false, title: 'Opportunity' },
  { path: '/opportunities', screen: 'opportunities', access: ['investor'], gate: false, title: 'Opportunities' },
  { path: '/settings', screen: 'settings', access: ['investor', 'mfo_admin'], gate: false, title: 'Settings' },
  { path: '/placements', screen: 'placements', access: ['investor', 'mfo_admin'], gate: false, title: 'Placements' },
  { path: '/wallet', screen: 'wallet', access: ['investor'], gate: false, title: 'Wallet' },
  {
    path: '/documents',
    screen: 'documents',
    access: ['investor', ...everyAdminOfSpv, 'mfo_admin'],
    gate: false,
    title: 'Documents',
  },
  { path: '/support', screen: 'support', access: ['investor'], gate: false, title: 'Support', comingSoon: true },
  { path: '/users', screen: 'users', access: ['mfo_admin'], gate: false, title: 'Users' },
  { path: '/compliance', screen: 'compliance', access: ['mfo_admin'], gate: false, title: 'Compliance' },
  {
    path: '/reports',
    screen: 'reports',
    access: ['mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'compliance'],
    gate: false,
    title: 'Reports',
  },
  { path: '/loans', screen: 'loans', access: ['cl_spv_admin'], gate: false, title: 'Loans' },
  {
    path: '/investments',
    screen: 'investments',
    access: ['eq_spv_admin'],
    gate: false,
    title: 'Investments',
  },
  { path: '/assets', screen: 'assets', access: ['production_spv'], gate: false, title: 'Assets' },
  { path: '/kyc', screen: 'kyc', access: ['compliance'], gate: false, title: 'KYC' },
  { path: '/audit', screen: 'audit', access: ['compliance'], gate: false, title: 'Audit' },
  {
    path: '/offerings',
    screen: 'offerings',
    access: [...everyAdminOfSpv, 'mfo_admin', 'compliance'],
    gate: false,
    title: 'Offerings',
  },
  { path: '/community', screen: 'community', access: 'signed-in', gate: false, title: 'Community', comingSoon: true },
  { path: '/access-required', screen: 'accessRequired', access: 'signed-in', gate: false, title: 'Access required' },
]);

export const routes: readonly RouteDefinition[] = parseRoutes(routeTable);

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** The pathname alone: no query, no hash, no trailing slash (except the root). */
export function normalizePathname(pathname: string): string {
  const bare = pathname.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export function matchRoute(pathname: string): RouteMatch | null {
  const segments = splitPath(normalizePathname(pathname));
  for (const route of routes) {
    const params = matchSegments(splitPath(route.path), segments);
    if (params) return { route, params };
  }
  return null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      params[part.slice(1)] = safeDecode(segment);
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function routeFor(screen: ScreenKey): RouteDefinition {
  const route = routes.find((r) => r.screen === screen);
  if (!route) throw new Error(`No route for screen "${screen}"`);
  return route;
}

/** Whether the readiness gate applies to a role on a route: gated routes, and investors only. */
export function isGatedFor(route: RouteDefinition, role: Role): boolean {
  return route.gate && role === 'investor';
}

/** Whether a role may open a route by the route table alone (no admin flag, no gate). */
export function roleMayOpen(route: RouteDefinition, role: Role): boolean {
  if (route.access === 'public' || route.access === 'signed-in') return true;
  return route.access.includes(role);
}

type RouteTable = typeof routeTable;
/** The path pattern of a screen, as a literal type: `PathOf<'opportunityDetail'>` is '/opportunities/:id'. */
type PathOf<S extends ScreenKey> = Extract<RouteTable[number], { screen: S }>['path'];
/** The `:name` segments of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The screens of the routes flagged `comingSoon`: the app gives them all one screen. */
export type ComingSoonScreenKey = Extract<RouteTable[number], { comingSoon: true }>['screen'];

export function isComingSoon(screen: ScreenKey): screen is ComingSoonScreenKey {
  return routeFor(screen).comingSoon;
}

/** Screens whose path has no parameter: the only ones a fixed link (navigation, a menu) can name. */
export type StaticScreen = {
  [S in ScreenKey]: [ParamNames<PathOf<S>>] extends [never] ? S : never;
}[ScreenKey];
/** Query parameters of a link; undefined values are left out. */
type HrefQuery = Readonly<Record<string, string | undefined>>;
type HrefParams<S extends ScreenKey> = Readonly<Record<ParamNames<PathOf<S>>, string>>;
type HrefArgs<S extends ScreenKey> = [ParamNames<PathOf<S>>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: HrefQuery]
  : [params: HrefParams<S>, query?: HrefQuery];

/**
 * The link to a screen, built from its route: every `:name` segment filled from `params`
 * (URI-encoded, so an id with '/' or '?' stays one segment) and an optional query. The one way
 * the domain, the UI and the app write an internal link, so a renamed path changes everywhere.
 */
export function hrefFor<S extends ScreenKey>(screen: S, ...[params, query]: HrefArgs<S>): string {
  const values: Readonly<Record<string, string>> = params ?? {};
  const path = routeFor(screen)
    .path.split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = values[part.slice(1)];
      if (value === undefined || value === '') throw new Error(`hrefFor("${screen}") needs the parameter "${part}"`);
      return encodeURIComponent(value);
    })
    .join('/');
  const search = Object.entries(query ?? {})
    .flatMap(([key, value]) => (value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(value)}`]))
    .join('&');
  return search === '' ? path || '/' : `${path || '/'}?${search}`;
}
