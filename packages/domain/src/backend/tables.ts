import * as v from 'valibot';
import { InvestorProfileRowSchema } from '../eligibility/profile';
import {
  ActivitySchema,
  AuditLogSchema,
  ComplianceAlertSchema,
  DocumentSchema,
  EquityHoldingSchema,
  InvestmentRowSchema,
  LoanSchema,
  NotificationSchema,
  OpportunityDetailSchema,
  ProductionAssetSchema,
  RepaymentSchema,
  UpcomingActionSchema,
} from '../entities';
import { OpportunitySchema } from '../opportunities';
import { PreferencesSchema } from '../preferences';
import { type Role, roleIds } from '../roles';
import { routes } from '../routes';
import { parseTable } from '../table';
import { AuditEventRowSchema } from './audit';
import { AgreementSignatureRowSchema, DocumentSignatureRowSchema } from './signatures';

/**
 * The backend contract: every table the client reads, who may read it, and which profile
 * columns a member may change (the member list behind /users is a function: `listMembers` in
 * rpc.ts). The SQL implements it (`supabase/schemas`, tested against it on PGlite), and both
 * backends run that SQL. docs/backend.md explains the security model; the server enforces, the
 * client only shows.
 */

const UuidSchema = v.pipe(v.string(), v.uuid());

/** A member's own row of `public.profiles`, as the backend returns it. */
export const ProfileRowSchema = v.object({
  id: UuidSchema,
  name: v.pipe(v.string(), v.maxLength(200)),
  preferences: PreferencesSchema,
  kyc_status: v.pipe(v.string(), v.maxLength(50)),
  first_onramp_ok: v.boolean(),
  crossmint_wallet_id: v.nullable(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
  updated_at: v.string(),
});
export type ProfileRow = v.InferOutput<typeof ProfileRowSchema>;

/** The rows of a per-member table carry the owner's id next to the entity's fields. */
function owned<TEntries extends v.ObjectEntries>(schema: v.ObjectSchema<TEntries, undefined>) {
  return v.object({ ...schema.entries, id: v.string(), user_id: UuidSchema });
}

/**
 * The entity each table and view holds, as the screens read it: a per-member row's `user_id` is
 * the backend's, not the entity's, and the schema drops it.
 */
export const tableEntitySchemas = {
  opportunities: OpportunitySchema,
  opportunity_details: OpportunityDetailSchema,
  documents: DocumentSchema,
  // `sample` marks a demo copy of a sample investment: it does not make its member an investor
  // (`isFirstTimeInvestor`, docs/eligibility.md).
  investments: v.object({ ...InvestmentRowSchema.entries, sample: v.optional(v.boolean()) }),
  loans: LoanSchema,
  repayments: RepaymentSchema,
  equity_holdings: EquityHoldingSchema,
  production_assets: ProductionAssetSchema,
  compliance_alerts: ComplianceAlertSchema,
  audit_logs: AuditLogSchema,
  activity: ActivitySchema,
  notifications: NotificationSchema,
  upcoming_actions: UpcomingActionSchema,
  /** The member's signatures of the membership agreement (written by `sign_agreement` only). */
  agreement_signatures: AgreementSignatureRowSchema,
  /** The member's country and investor category (written by `save_investor_profile` only). */
  investor_profiles: InvestorProfileRowSchema,
} as const;
export type EntityTableName = keyof typeof tableEntitySchemas;
export type EntityRow<T extends EntityTableName> = v.InferOutput<(typeof tableEntitySchemas)[T]>;

const entity = tableEntitySchemas;
/** Every table of the contract, with the schema each row meets. */
export const tableRowSchemas = {
  profiles: ProfileRowSchema,
  ...entity,
  documents: owned(entity.documents),
  // The client's retry key (submit_investment): the member reads it back with their row. `arrival`
  // orders submissions that share a submitted_at (the server funds and allocates in that order).
  investments: v.object({
    ...owned(entity.investments).entries,
    idempotency_key: v.optional(v.nullable(UuidSchema)),
    arrival: v.optional(v.pipe(v.number(), v.integer())),
  }),
  notifications: owned(entity.notifications),
  upcoming_actions: owned(entity.upcoming_actions),
  audit_events: AuditEventRowSchema,
  document_signatures: DocumentSignatureRowSchema,
} as const;

export type BackendTableName = keyof typeof tableRowSchemas;
export const backendTableNames = Object.keys(tableRowSchemas) as BackendTableName[];

export function isBackendTable(name: string): name is BackendTableName {
  return Object.hasOwn(tableRowSchemas, name);
}

const roleRoutes = routes.filter((r) => Array.isArray(r.access)).map((r) => r.path);

const TableAccessSchema = v.variant('kind', [
  /** `profiles`: each member reads and updates their own row only. */
  v.object({ kind: v.literal('own-profile') }),
  /** Rows carry `user_id`: each member reads their own rows only, whatever their role. */
  v.object({ kind: v.literal('per-member') }),
  /** Any signed-in member reads every row. */
  v.object({ kind: v.literal('catalogue') }),
  /**
   * Records about a member (the audit trail, the signatures kept as its evidence), rows carrying
   * `member_id`: the member reads the rows about them; `readsEveryMemberRecord` readers read every row.
   */
  v.object({ kind: v.literal('member-record') }),
  /** Readable by the roles that may open this route, plus mfo_admin and the admin flag. */
  v.object({
    kind: v.literal('role'),
    route: v.picklist(roleRoutes, 'must be a route restricted to roles in the route table'),
  }),
]);

const profileColumnNames = Object.keys(ProfileRowSchema.entries) as (keyof ProfileRow)[];

const ProfileColumnsSchema = v.object({
  /** A member changes these on their own row (PATCH with only the changed fields). */
  editable: v.array(v.picklist(profileColumnNames)),
  /** Only the service role (the wallet function, later the providers' webhooks) changes these. */
  serverOwned: v.array(v.picklist(profileColumnNames)),
  /** A trigger sets these whatever the client sends. */
  triggerSet: v.array(v.picklist(profileColumnNames)),
});
export type ProfileColumns = v.InferOutput<typeof ProfileColumnsSchema>;

const TableSpecSchema = v.object({
  name: v.picklist(backendTableNames),
  relation: v.picklist(['table', 'view']),
  access: TableAccessSchema,
  /** The primary key columns (a member's copy of a sample row is keyed by user_id and id). */
  key: v.pipe(v.array(v.string()), v.nonEmpty()),
  profileColumns: v.optional(ProfileColumnsSchema),
});
export type TableSpec = v.InferOutput<typeof TableSpecSchema>;

export const backendTables: readonly TableSpec[] = parseTable('backend table', TableSpecSchema, [
  {
    name: 'profiles',
    relation: 'table',
    access: { kind: 'own-profile' },
    key: ['id'],
    profileColumns: {
      editable: ['name', 'preferences'],
      serverOwned: ['kyc_status', 'first_onramp_ok', 'crossmint_wallet_id'],
      triggerSet: ['updated_at'],
    },
  },
  { name: 'documents', relation: 'table', access: { kind: 'per-member' }, key: ['user_id', 'id'] },
  { name: 'investments', relation: 'table', access: { kind: 'per-member' }, key: ['id'] },
  { name: 'notifications', relation: 'table', access: { kind: 'per-member' }, key: ['user_id', 'id'] },
  { name: 'upcoming_actions', relation: 'table', access: { kind: 'per-member' }, key: ['user_id', 'id'] },
  { name: 'opportunities', relation: 'table', access: { kind: 'catalogue' }, key: ['id'] },
  { name: 'opportunity_details', relation: 'table', access: { kind: 'catalogue' }, key: ['id'] },
  { name: 'loans', relation: 'table', access: { kind: 'role', route: '/loans' }, key: ['id'] },
  { name: 'repayments', relation: 'table', access: { kind: 'role', route: '/loans' }, key: ['id'] },
  { name: 'equity_holdings', relation: 'table', access: { kind: 'role', route: '/investments' }, key: ['company'] },
  { name: 'production_assets', relation: 'table', access: { kind: 'role', route: '/assets' }, key: ['name'] },
  {
    name: 'compliance_alerts',
    relation: 'table',
    access: { kind: 'role', route: '/kyc' },
    key: ['user', 'issue'],
  },
  { name: 'audit_logs', relation: 'table', access: { kind: 'role', route: '/audit' }, key: ['id'] },
  { name: 'activity', relation: 'table', access: { kind: 'role', route: '/users' }, key: ['id'] },
  { name: 'audit_events', relation: 'table', access: { kind: 'member-record' }, key: ['id'] },
  { name: 'agreement_signatures', relation: 'table', access: { kind: 'member-record' }, key: ['id'] },
  { name: 'document_signatures', relation: 'table', access: { kind: 'member-record' }, key: ['id'] },
  { name: 'investor_profiles', relation: 'table', access: { kind: 'member-record' }, key: ['member_id'] },
]);

export function tableSpec(name: BackendTableName): TableSpec {
  const spec = backendTables.find((t) => t.name === name);
  if (!spec) throw new Error(`No backend table "${name}"`);
  return spec;
}

/** The profile column rules (editable, server-owned, trigger-set). */
export const profileColumns: ProfileColumns = (() => {
  const columns = tableSpec('profiles').profileColumns;
  if (!columns) throw new Error('profiles declares no column rules');
  return columns;
})();

/**
 * Profile columns the `authenticated` role holds an UPDATE grant on, in every mode: the editable
 * ones and the trigger-set ones (the client may send them; the trigger overwrites them). Any
 * other column, the wallet id included: 42501 'permission denied for table profiles'.
 */
export const profileUpdateGrant: readonly (keyof ProfileRow)[] = [
  ...profileColumns.editable,
  ...profileColumns.triggerSet,
];

/** Who is asking: null when signed out (the anon key alone). */
export interface Reader {
  role: Role;
  isAdmin: boolean;
}

/** The roles that read a role table: the route's roles, plus mfo_admin (who reads every role table). */
export function roleTableReaders(spec: TableSpec): Role[] {
  if (spec.access.kind !== 'role') return [];
  const { route: path } = spec.access;
  const route = routes.find((r) => r.path === path);
  const routeRoles = route && Array.isArray(route.access) ? route.access : [];
  return roleIds.filter((role) => role === 'mfo_admin' || routeRoles.includes(role));
}

/** Who reads every member's records (the 'member-record' tables): compliance, mfo_admin and the admin flag. */
function readsEveryMemberRecord(reader: Reader): boolean {
  return reader.isAdmin || reader.role === 'compliance' || reader.role === 'mfo_admin';
}

/**
 * Which rows of a table a reader sees: 'none', 'own' (their profile, or the rows whose owner
 * column is their id) or 'all'. The admin flag reads every role table and every member record,
 * but like everyone else only its own profile and own per-member rows.
 */
export function readScope(table: BackendTableName, reader: Reader | null): 'none' | 'own' | 'all' {
  if (!reader) return 'none';
  const spec = tableSpec(table);
  switch (spec.access.kind) {
    case 'own-profile':
    case 'per-member':
      return 'own';
    case 'catalogue':
      return 'all';
    case 'member-record':
      return readsEveryMemberRecord(reader) ? 'all' : 'own';
    case 'role':
      return reader.isAdmin || roleTableReaders(spec).includes(reader.role) ? 'all' : 'none';
  }
}

export type Privilege = 'select' | 'insert' | 'update' | 'delete';

/**
 * The table privileges each Postgres role holds (Supabase grants everything in `public` to anon
 * and authenticated by default; the migrations revoke what is not listed here). A missing
 * privilege answers 42501 'permission denied for table <t>' (HTTP 401 for anon, 403 otherwise);
 * a held privilege is then filtered by row-level security.
 * - anon: nothing on any table of the contract (it reads no rows of them); only
 *   `app_settings`, outside the contract's tables.
 * - authenticated: SELECT everywhere; UPDATE on the profile columns of `profileUpdateGrant`.
 * - No client role may INSERT or DELETE anywhere.
 */
export function clientPrivileges(table: BackendTableName, pgRole: 'anon' | 'authenticated'): Privilege[] {
  const spec = tableSpec(table);
  if (pgRole === 'anon') return [];
  return spec.access.kind === 'own-profile' ? ['select', 'update'] : ['select'];
}
