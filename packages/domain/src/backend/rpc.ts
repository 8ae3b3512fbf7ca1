import * as v from 'valibot';
import { MIN_FIRST_ONRAMP_EUR } from '../constants';
import type { PlatformUser } from '../entities';
import { type MemberReadiness, memberReadinessValues } from '../readiness';
import { roleIds } from '../roles';
import { parseTable } from '../table';
import type { BackendError } from './errors';
import { type Reader, readScope } from './tables';

/**
 * The demo functions (PostgREST `/rest/v1/rpc/<name>`), security definer in the database. Each
 * changes only the caller's own profile row and only while `app_settings.demo_mode` is on;
 * otherwise it raises `demoErrors.off` (docs/backend.md).
 */
export const demoFunctionNames = [
  'demo_approve_kyc',
  'demo_complete_first_onramp',
  'demo_reset_first_onramp',
  'demo_create_wallet',
] as const;

const DemoFunctionSchema = v.object({
  name: v.picklist(demoFunctionNames),
  /** Argument names, in order, as PostgREST expects them in the JSON body. */
  args: v.array(v.picklist(['amount_cents'])),
  /** 'profile': the caller's updated profile row; 'wallet-id': the wallet id as a string. */
  returns: v.picklist(['profile', 'wallet-id']),
});
export type DemoFunction = v.InferOutput<typeof DemoFunctionSchema>;

export const demoFunctions: readonly DemoFunction[] = parseTable('demo function', DemoFunctionSchema, [
  { name: 'demo_approve_kyc', args: [], returns: 'profile' },
  { name: 'demo_complete_first_onramp', args: ['amount_cents'], returns: 'profile' },
  { name: 'demo_reset_first_onramp', args: [], returns: 'profile' },
  { name: 'demo_create_wallet', args: [], returns: 'wallet-id' },
]);

/** The smallest first on-ramp `demo_complete_first_onramp` accepts, in cents. */
export const MIN_FIRST_ONRAMP_CENTS = MIN_FIRST_ONRAMP_EUR * 100;

/** What `demo_approve_kyc` sets `kyc_status` to. */
export const KYC_APPROVED = 'approved';

/** Every wallet id `demo_create_wallet` makes starts with this. */
export const DEMO_WALLET_PREFIX = 'demo-wallet-';

/** The one-row `public.app_settings` table: readable by anon and authenticated, written by no client. */
export const APP_SETTINGS_TABLE = 'app_settings';

/**
 * `public.list_members(search, role, after, page_size, readiness)`, the member list behind /users
 * (docs/backend.md "The member list"). Security definer in the database; the embedded backend
 * answers it with `listMembersPage` below.
 * - The caller must read the /users route: mfo_admin or the admin flag (`mayListMembers`), and
 *   not a demo account while demo mode is off (`effectiveReader`); anyone else: 42501
 *   `listMembersErrors.denied` (anon: the function is not granted, same message).
 * - Rows in one stable order, by id; `after` is the last id of the previous page; a page holds
 *   `page_size` rows (null: the default; clamped to 1..max).
 * - `search` matches name or email as a case-insensitive substring; `role` keeps one role;
 *   `readiness` keeps the members at one step of the readiness gate (`memberReadinessValues`:
 *   the first step they lack, or 'ready'; `memberReadiness` in ../readiness.ts).
 */
export const listMembers = {
  name: 'list_members',
  /** Argument names, in order, as PostgREST expects them in the JSON body. */
  args: ['search', 'role', 'after', 'page_size', 'readiness'],
  defaultPageSize: 50,
  maxPageSize: 200,
  maxSearchLength: 200,
} as const;

export const listMembersErrors = {
  denied: { code: '42501', message: 'permission denied for function list_members' },
  badSearch: { code: '22023', message: 'search is longer than 200 characters' },
  badRole: { code: '22023', message: 'role is not a Vault role' },
  badCursor: { code: '22023', message: 'after is not a member id' },
  badReadiness: { code: '22023', message: 'readiness must be wallet, kyc, onramp or ready' },
} as const satisfies Record<string, BackendError>;

/** The arguments of `list_members` as the JSON body carries them (every one optional). */
const ListMembersArgsSchema = v.object({
  search: v.optional(v.nullable(v.string())),
  role: v.optional(v.nullable(v.string())),
  after: v.optional(v.nullable(v.string())),
  page_size: v.optional(v.nullable(v.number())),
  readiness: v.optional(v.nullable(v.string())),
});
export type ListMembersArgs = v.InferOutput<typeof ListMembersArgsSchema>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether this reader may list members: the roles of the /users route, or the admin flag. */
export function mayListMembers(reader: Reader | null): boolean {
  return readScope('activity', reader) === 'all';
}

/** The page size `list_members` uses for a requested one. */
export function memberPageSize(requested: number | null | undefined): number {
  const size = typeof requested === 'number' && Number.isFinite(requested) ? Math.trunc(requested) : null;
  return Math.min(Math.max(size ?? listMembers.defaultPageSize, 1), listMembers.maxPageSize);
}

/** A member as the list's filters see them: the row /users shows, and where they stand on the gate. */
export type ListedMember = PlatformUser & { readiness: MemberReadiness };

/**
 * One page of the member list from every member's row, as the SQL function computes it: filter
 * (role, readiness, then name or email containing `search`, case-insensitively), order by id,
 * rows after `after`, at most the page size. Answers the error the function raises for a bad
 * argument, in the function's order of checks.
 */
export function listMembersPage(
  members: readonly ListedMember[],
  args: ListMembersArgs,
): { ok: true; rows: PlatformUser[] } | { ok: false; error: BackendError } {
  const search = args.search ?? '';
  if (search.length > listMembers.maxSearchLength) return { ok: false, error: listMembersErrors.badSearch };
  const role = args.role?.trim() ? args.role.trim() : null;
  if (role !== null && !(roleIds as readonly string[]).includes(role)) {
    return { ok: false, error: listMembersErrors.badRole };
  }
  const readiness = args.readiness?.trim() ? args.readiness.trim() : null;
  if (readiness !== null && !(memberReadinessValues as readonly string[]).includes(readiness)) {
    return { ok: false, error: listMembersErrors.badReadiness };
  }
  const after = args.after ? args.after : null;
  if (after !== null && !uuidPattern.test(after)) return { ok: false, error: listMembersErrors.badCursor };
  const needle = search.toLowerCase();
  const rows = members
    .filter((m) => role === null || m.role === role)
    .filter((m) => readiness === null || m.readiness === readiness)
    .filter((m) => needle === '' || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle))
    .filter((m) => after === null || m.id.toLowerCase() > after.toLowerCase())
    .sort((a, b) => (a.id.toLowerCase() < b.id.toLowerCase() ? -1 : a.id.toLowerCase() > b.id.toLowerCase() ? 1 : 0))
    .slice(0, memberPageSize(args.page_size))
    .map(({ id, name, email, role, status, joined }) => ({ id, name, email, role, status, joined }));
  return { ok: true, rows };
}

/**
 * The wallet id rule of the embedded backend's demo PATCH (`profileColumns.embeddedDemoPatch`),
 * the rule `demo_create_wallet()` keeps in the database: only in demo mode, only where the
 * member has no wallet yet, only a demo wallet id (DEMO_WALLET_PREFIX, at most 200 characters),
 * and one no other member holds (the unique index on `crossmint_wallet_id`).
 */
export function demoWalletPatchAllowed(options: {
  demoMode: boolean;
  current: string | null;
  value: unknown;
  takenByOther: boolean;
}): boolean {
  const { demoMode, current, value, takenByOther } = options;
  return (
    demoMode &&
    current === null &&
    typeof value === 'string' &&
    value.startsWith(DEMO_WALLET_PREFIX) &&
    value.length <= 200 &&
    !takenByOther
  );
}
