import * as v from 'valibot';
import { MIN_FIRST_ONRAMP_EUR } from '../constants';
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
 * (docs/backend.md "The member list"). The SQL implements it (supabase/schemas/10_consoles.sql,
 * security definer; supabase/tests/list-members.test.ts); the domain holds its name, arguments,
 * limits and errors, which the app and the SQL tests share.
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

/** Whether this reader may list members: the roles of the /users route, or the admin flag. */
export function mayListMembers(reader: Reader | null): boolean {
  return readScope('activity', reader) === 'all';
}
