import * as v from 'valibot';
import { type EligibilityActionName, eligibilityScenarios } from '../eligibility/conformance';
import { RoleSchema } from '../roles';
import { actionErrors } from './actionErrors';
import { currentAgreement } from './agreement';
import { type ConsoleActionName, consoleScenarios } from './consoleConformance';
import { type BackendError, backendErrors } from './errors';
import { type InvestmentActionName, type InvestmentSetupName, investmentScenarios } from './investmentConformance';
import { KYC_REASON_MAX_LENGTH } from './kyc';
import {
  type DemoFunctionName,
  demoFunctionNames,
  listMembers,
  listMembersErrors,
  MIN_FIRST_ONRAMP_CENTS,
} from './rpc';
import { sampleMemberRows, sampleSharedRows } from './sample';
import {
  type BackendTableName,
  backendTableNames,
  clientPrivileges,
  ownerColumn,
  profileColumns,
  type Reader,
  readScope,
  tableRowSchemas,
  tableSpec,
} from './tables';

/**
 * The conformance scenarios: one declarative table that two runners play, so the embedded mock
 * and the SQL policies cannot drift apart (docs/backend.md "Conformance").
 * - `supabase/tests/conformance.test.ts` runs it on PGlite with the migrations and the seed, as
 *   each actor (`set role`, `request.jwt.claims`).
 * - the mock runner runs it through supabase-js against the embedded backend in msw/node.
 *
 * The fixture each scenario starts from (runners reset between scenarios):
 * - every signed-in actor is its own account, created while demo mode was on, so it owns one
 *   copy of each table of `sampleMemberRows`; its profile is fresh (kyc 'unknown', no wallet,
 *   no first on-ramp);
 * - the catalogue and role tables hold `sampleSharedRows`;
 * - `app_settings.demo_mode` is as the scenario says (the mock is always 'on' and skips 'off').
 *
 * Targets: 'own' filters on the actor's id (`id` for profiles, `user_id` for per-member tables);
 * 'other' on another member's id (investorB's for investorA, investorA's for everyone else);
 * 'all' filters nothing. In `values`, the strings '$own' and '$other' stand for those ids.
 */

const actorIds = [
  'anon',
  'investorA',
  'investorB',
  'cl_spv_admin',
  'eq_spv_admin',
  'production_spv',
  'compliance',
  'mfo_admin',
  'admin',
] as const;
export type ActorId = (typeof actorIds)[number];

const ActorSchema = v.object({
  id: v.picklist(actorIds),
  /** Null for anon (no Authorization, the anon key's role). */
  role: v.nullable(RoleSchema),
  /** `app_metadata.is_admin`. */
  isAdmin: v.boolean(),
});
export type Actor = v.InferOutput<typeof ActorSchema>;

/**
 * The actors. 'admin' is the demo admin pair's identity (mfo_admin with the admin flag), which
 * both backends can sign in; supabase/tests also checks the flag alone on an investor.
 */
export const actors: readonly Actor[] = actorIds.map((id) =>
  v.parse(ActorSchema, {
    id,
    role:
      id === 'anon' ? null : id === 'investorA' || id === 'investorB' ? 'investor' : id === 'admin' ? 'mfo_admin' : id,
    isAdmin: id === 'admin',
  }),
);

function readerOf(a: Actor): Reader | null {
  return a.role ? { role: a.role, isAdmin: a.isAdmin } : null;
}

type Operation = 'select' | 'insert' | 'update' | 'delete' | 'rpc';
type Target = 'own' | 'other' | 'all';
export type ScenarioValue = string | number | boolean | null | { [key: string]: boolean | string };

export type Expectation =
  /** Succeeds: select returns, update/delete (return=representation) change, exactly n rows. */
  | { rows: number }
  /** Succeeds with at least n rows (the member list, whose size depends on the accounts). */
  | { minRows: number }
  /** An rpc succeeds; with `answers`, it answers an object with these fields (`answerMismatch`). */
  | { ok: true; answers?: Readonly<Record<string, AnswerField>> }
  /** Refused with SQLSTATE 42501 (HTTP 401 for anon, 403 signed in), with this message if given. */
  | { denied: '42501'; message?: string }
  /** Fails with this code (e.g. P0001, HTTP 400), and this message if given. */
  | { error: string; message?: string };

/** A field of an rpc's answer: this JSON value, or a time this many hours after the call (to the minute). */
export type AnswerField = string | null | { hoursAfterCall: number };

/** Why an rpc's answer does not have the `answers` fields, or null when it does. Both runners use it. */
export function answerMismatch(
  answer: unknown,
  wanted: Readonly<Record<string, AnswerField>>,
  calledAt: Date,
): string | null {
  if (typeof answer !== 'object' || answer === null) return `answered ${JSON.stringify(answer)}, not an object`;
  const fields = answer as Record<string, unknown>;
  for (const [key, field] of Object.entries(wanted)) {
    const got = fields[key];
    if (field === null || typeof field === 'string') {
      if (got !== field) return `${key}: ${JSON.stringify(got)}, wanted ${JSON.stringify(field)}`;
      continue;
    }
    const at = typeof got === 'string' ? Date.parse(got) : Number.NaN;
    const expected = calledAt.getTime() + field.hoursAfterCall * 3_600_000;
    if (Number.isNaN(at) || Math.abs(at - expected) > 60_000)
      return `${key}: ${JSON.stringify(got)}, wanted ${field.hoursAfterCall} hours after the call`;
  }
  return null;
}

export interface Scenario {
  name: string;
  actor: ActorId;
  op: Operation;
  /** The table, or the function for 'rpc'. */
  target:
    | BackendTableName
    | DemoFunctionName
    | typeof listMembers.name
    | SignatureActionName
    | KycPaymentActionName
    | InvestmentActionName
    | ConsoleActionName
    | EligibilityActionName;
  /**
   * Server actions played first, in the same transaction (PGlite) or fixture (the mock), each as
   * its actor: the rows a read of the audit trail or of the signatures then finds.
   */
  before?: readonly SetupCall[];
  rows?: Target;
  /** Columns to insert or update; the arguments of an rpc. */
  values?: Record<string, ScenarioValue>;
  demoMode?: 'on' | 'off';
  expect: Expectation;
  /**
   * The embedded backend's answer, where it differs by design: only its demo wallet PATCH
   * (`profileColumns.embeddedDemoPatch`), which the database refuses in every mode.
   */
  embedded?: Expectation;
}

/** The signatures' server actions (07_signatures.sql). */
type SignatureActionName = 'sign_agreement' | 'sign_document';

/** One server action a scenario plays before its own operation. */
export interface SetupCall {
  actor: ActorId;
  fn: SignatureActionName | KycPaymentActionName | DemoFunctionName | InvestmentSetupName | EligibilityActionName;
  values: Record<string, ScenarioValue>;
}

/** The other member a scenario's 'other' target names. */
export function otherActor(id: ActorId): ActorId {
  return id === 'investorA' ? 'investorB' : 'investorA';
}

function denied(error: BackendError): Expectation {
  return { denied: '42501', message: error.message };
}

function sampleCount(table: BackendTableName): number {
  if (Object.hasOwn(sampleMemberRows, table)) return sampleMemberRows[table as keyof typeof sampleMemberRows].length;
  if (Object.hasOwn(sampleSharedRows, table)) return sampleSharedRows[table as keyof typeof sampleSharedRows].length;
  return 0;
}

/**
 * A well-formed row to try to insert into each table (every insert is refused: no client writes
 * rows): a sample row with a new key, owned by the actor where rows have an owner.
 */
function insertValues(table: BackendTableName): Record<string, ScenarioValue> {
  if (table === 'profiles') return { id: '$own', name: 'Intruder' };
  // A member record's key is an identity or a default: the row names its member only.
  if (tableSpec(table).access.kind === 'member-record') return { member_id: '$own' };
  const shared: Record<string, readonly object[]> = { ...sampleMemberRows, ...sampleSharedRows };
  const sample = { ...(shared[table]?.[0] ?? {}) } as Record<string, ScenarioValue>;
  for (const key of tableSpec(table).key) sample[key] = 'conformance-row';
  if (tableSpec(table).access.kind === 'per-member') sample.user_id = '$own';
  return sample;
}

/**
 * An update of the table's first column (a real column, so the refusal is about rights), to null:
 * a value of any column type, so a uuid, number or date column is refused for rights too, not for
 * a value that does not parse.
 */
function updateValues(table: BackendTableName): Record<string, ScenarioValue> {
  // An identity column can only be set to DEFAULT: a member record's update names its member.
  if (tableSpec(table).access.kind === 'member-record') return { member_id: '$own' };
  const [first = 'id'] = Object.keys(tableRowSchemas[table].entries);
  return { [first]: null };
}

/** select, insert, update and delete on every table for every actor, derived from the contract. */
function tableScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const table of backendTableNames) {
    const spec = tableSpec(table);
    const targets: Target[] = ownerColumn(table) ? ['own', 'other'] : ['all'];
    const records = spec.access.kind === 'member-record';
    for (const a of actors) {
      const pgRole = a.role ? 'authenticated' : 'anon';
      const privileges = clientPrivileges(table, pgRole);
      const scope = readScope(table, readerOf(a));
      for (const rows of targets) {
        let expect: Expectation;
        if (!privileges.includes('select')) expect = denied(backendErrors.permissionDenied(table, spec.relation));
        else if (scope === 'none' || (scope === 'own' && rows === 'other')) expect = { rows: 0 };
        else if (table === 'profiles') expect = { rows: 1 };
        else if (records) expect = { rows: memberRecordCount(table, rows === 'own' ? a.id : otherActor(a.id)) };
        else expect = { rows: sampleCount(table) };
        const select: Scenario = {
          name: `${a.id} selects ${rows} ${table}`,
          actor: a.id,
          op: 'select',
          target: table,
          rows,
          expect,
        };
        if (records) select.before = memberRecordSetup;
        out.push(select);
      }
      out.push({
        name: `${a.id} inserts into ${table}`,
        actor: a.id,
        op: 'insert',
        target: table,
        values: insertValues(table),
        expect: denied(backendErrors.permissionDenied(table, spec.relation)),
      });
      for (const rows of targets) {
        out.push({
          name: `${a.id} deletes ${rows} ${table}`,
          actor: a.id,
          op: 'delete',
          target: table,
          rows,
          expect: denied(backendErrors.permissionDenied(table, spec.relation)),
        });
      }
      if (table !== 'profiles') {
        for (const rows of targets) {
          out.push({
            name: `${a.id} updates ${rows} ${table}`,
            actor: a.id,
            op: 'update',
            target: table,
            rows,
            values: updateValues(table),
            expect: denied(backendErrors.permissionDenied(table, spec.relation)),
          });
        }
      }
    }
  }
  return out;
}

/** Updates of each profile column, own row and another member's, demo mode on and off. */
function profileScenarios(): Scenario[] {
  const out: Scenario[] = [];
  const valueFor: Record<string, ScenarioValue> = {
    name: 'Changed Name',
    preferences: { email: false, sms: true },
    kyc_status: 'approved',
    first_onramp_ok: true,
    crossmint_wallet_id: 'demo-wallet-conformance',
    updated_at: '2000-01-01T00:00:00Z',
    id: '$other',
  };
  const columns = [...profileColumns.editable, ...profileColumns.serverOwned, ...profileColumns.triggerSet, 'id'];
  for (const a of actors) {
    for (const demoMode of ['on', 'off'] as const) {
      for (const column of columns) {
        const values = { [column]: valueFor[column] ?? null };
        const base = { actor: a.id, op: 'update' as const, target: 'profiles' as const, values, demoMode };
        if (!a.role) {
          out.push({
            ...base,
            name: `anon updates profiles.${column} (demo ${demoMode})`,
            rows: 'all',
            expect: denied(backendErrors.permissionDenied('profiles')),
          });
          continue;
        }
        const granted =
          profileColumns.editable.includes(column as never) || profileColumns.triggerSet.includes(column as never);
        // The embedded backend's demo PATCH: its demo mode only, own row only (RLS hides others).
        const embeddedDemoPatch = profileColumns.embeddedDemoPatch.includes(column as never) && demoMode === 'on';
        for (const rows of ['own', 'other'] as const) {
          let expect: Expectation;
          if (!granted) expect = denied(backendErrors.permissionDenied('profiles'));
          else if (rows === 'other') expect = { rows: 0 };
          else expect = { rows: 1 };
          const scenario: Scenario = {
            ...base,
            name: `${a.id} updates ${rows} profiles.${column} (demo ${demoMode})`,
            rows,
            expect,
          };
          if (embeddedDemoPatch) scenario.embedded = { rows: rows === 'own' ? 1 : 0 };
          out.push(scenario);
        }
      }
    }
  }
  return out;
}

/** Each demo function for each actor, demo mode on and off, and the on-ramp minimum. */
function rpcScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const a of actors) {
    for (const fn of demoFunctionNames) {
      const values: Record<string, ScenarioValue> =
        fn === 'demo_complete_first_onramp' ? { amount_cents: MIN_FIRST_ONRAMP_CENTS } : {};
      for (const demoMode of ['on', 'off'] as const) {
        const expect: Expectation = !a.role
          ? denied(backendErrors.functionDenied(fn))
          : demoMode === 'off'
            ? denied(backendErrors.demoModeOff)
            : { ok: true };
        out.push({
          name: `${a.id} calls ${fn} (demo ${demoMode})`,
          actor: a.id,
          op: 'rpc',
          target: fn,
          values,
          demoMode,
          expect,
        });
      }
    }
    if (a.role) {
      out.push({
        name: `${a.id} calls demo_complete_first_onramp under the minimum`,
        actor: a.id,
        op: 'rpc',
        target: 'demo_complete_first_onramp',
        values: { amount_cents: MIN_FIRST_ONRAMP_CENTS - 1 },
        demoMode: 'on',
        expect: { error: backendErrors.onrampTooSmall.code, message: backendErrors.onrampTooSmall.message },
      });
    }
  }
  return out;
}

/**
 * The member list (`list_members`): who may call it, and its paging, search and filter. The
 * fixture holds at least nine members in both backends: the demo accounts (one per role), the
 * admin pair or the fresh actor accounts, and the two investors. Only the demo accounts have
 * emails at vault.example.
 */
function listMemberScenarios(): Scenario[] {
  const out: Scenario[] = [];
  const base = { op: 'rpc' as const, target: listMembers.name };
  for (const a of actors) {
    const expect: Expectation =
      readScope('activity', readerOf(a)) === 'all' ? { minRows: 9 } : denied(listMembersErrors.denied);
    out.push({ ...base, name: `${a.id} lists members`, actor: a.id, values: {}, expect });
  }
  const admin = 'admin' as const;
  const cases: [string, Record<string, ScenarioValue>, Expectation][] = [
    ['a page of two', { page_size: 2 }, { rows: 2 }],
    ['a page size over the cap', { page_size: 100_000 }, { minRows: 9 }],
    ['by email, any case', { search: 'DEMO.COMPLIANCE@VAULT' }, { rows: 1 }],
    ['one role among the demo accounts', { role: 'compliance', search: 'vault.example' }, { rows: 1 }],
    ['a search with a wildcard matches it literally', { search: '%' }, { rows: 0 }],
    ['after the last possible id', { after: 'ffffffff-ffff-4fff-bfff-ffffffffffff' }, { rows: 0 }],
    ['after the first possible id', { after: '00000000-0000-0000-0000-000000000000' }, { minRows: 9 }],
    [
      'an unknown role',
      { role: 'owner' },
      { error: listMembersErrors.badRole.code, message: listMembersErrors.badRole.message },
    ],
    [
      'a cursor that is no id',
      { after: 'page-2' },
      { error: listMembersErrors.badCursor.code, message: listMembersErrors.badCursor.message },
    ],
  ];
  for (const [what, values, expect] of cases) {
    out.push({ ...base, name: `admin lists members: ${what}`, actor: admin, values, expect });
  }
  // The readiness filter: investorA walks the gate with the demo functions, one step per case.
  // Nobody else in either fixture has a wallet, so investorA is the only member past 'wallet'.
  const wallet: SetupCall = { actor: 'investorA', fn: 'demo_create_wallet', values: {} };
  const kyc: SetupCall = { actor: 'investorA', fn: 'demo_approve_kyc', values: {} };
  const onramp: SetupCall = {
    actor: 'investorA',
    fn: 'demo_complete_first_onramp',
    values: { amount_cents: MIN_FIRST_ONRAMP_CENTS },
  };
  const readinessCases: [string, readonly SetupCall[], Record<string, ScenarioValue>, Expectation][] = [
    ['nobody past the wallet step yet', [], { readiness: 'kyc' }, { rows: 0 }],
    ['needs KYC once a wallet is made', [wallet], { readiness: 'kyc' }, { rows: 1 }],
    ['no longer needs a wallet', [wallet], { readiness: 'onramp' }, { rows: 0 }],
    ['needs a first on-ramp once KYC is approved', [wallet, kyc], { readiness: 'onramp' }, { rows: 1 }],
    ['KYC approved but no wallet still needs the wallet', [kyc], { readiness: 'kyc' }, { rows: 0 }],
    ['ready after the first on-ramp', [wallet, kyc, onramp], { readiness: 'ready' }, { rows: 1 }],
    ['ready, of one role', [wallet, kyc, onramp], { readiness: 'ready', role: 'compliance' }, { rows: 0 }],
    [
      'a staff demo account with KYC approved needs a wallet',
      [],
      { readiness: 'wallet', role: 'compliance', search: 'vault.example' },
      { rows: 1 },
    ],
    [
      'a readiness that is none',
      [],
      { readiness: 'verified' },
      { error: listMembersErrors.badReadiness.code, message: listMembersErrors.badReadiness.message },
    ],
  ];
  for (const [what, before, values, expect] of readinessCases) {
    out.push({
      ...base,
      name: `admin lists members by readiness: ${what}`,
      actor: admin,
      values,
      ...(before.length > 0 ? { before } : {}),
      demoMode: 'on',
      expect,
    });
  }
  return out;
}

// --- Signatures and the records about a member (sign_agreement, sign_document, audit_events) ---

/** The sample document awaiting a signature, and one already signed. */
const pendingDocumentId = sampleMemberRows.documents.find((d) => d.status === 'Pending')?.id ?? '';
const signedDocumentId = sampleMemberRows.documents.find((d) => d.status === 'Signed')?.id ?? '';
const agreementValues = { version: currentAgreement.version, document_sha256: currentAgreement.sha256 };

/**
 * The records the reads of the 'member-record' tables find: each investor signs the agreement and
 * their pending document and declares their classification, so each has one row of each signature
 * table and of investor_profiles, and three audit events.
 */
const memberRecordSetup: readonly SetupCall[] = (['investorA', 'investorB'] as const).flatMap((actor): SetupCall[] => [
  { actor, fn: 'sign_agreement' as const, values: agreementValues },
  { actor, fn: 'sign_document' as const, values: { document_id: pendingDocumentId } },
  {
    actor,
    fn: 'save_investor_profile' as const,
    values: { country: 'GB', category: 'uk_restricted', answers: { statement_signed: true } },
  },
]);

/** How many rows of a 'member-record' table concern this actor after `memberRecordSetup`. */
function memberRecordCount(table: BackendTableName, owner: ActorId): number {
  const perInvestor: Partial<Record<BackendTableName, number>> = {
    audit_events: 3,
    agreement_signatures: 1,
    document_signatures: 1,
    investor_profiles: 1,
  };
  return owner === 'investorA' || owner === 'investorB' ? (perInvestor[table] ?? 0) : 0;
}

/** Who may sign, each refusal of the arguments and of the state, and a second call. */
function signatureScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const a of actors) {
    for (const [fn, values] of [
      ['sign_agreement', agreementValues],
      ['sign_document', { document_id: pendingDocumentId }],
    ] as const) {
      out.push({
        name: `${a.id} calls ${fn}`,
        actor: a.id,
        op: 'rpc',
        target: fn,
        values,
        expect: a.role ? { ok: true } : denied(actionErrors.functionDenied(fn)),
      });
    }
  }
  const refused = (error: BackendError): Expectation => ({ error: error.code, message: error.message });
  const me = 'investorA' as const;
  const cases: [string, SignatureActionName, Record<string, ScenarioValue>, Expectation, SetupCall[]?][] = [
    [
      'a hash that is not the current agreement’s',
      'sign_agreement',
      { ...agreementValues, document_sha256: 'f'.repeat(64) },
      refused(actionErrors.notCurrentAgreement),
    ],
    [
      'another version',
      'sign_agreement',
      { ...agreementValues, version: 'v0' },
      refused(actionErrors.notCurrentAgreement),
    ],
    [
      'an upper-case hash',
      'sign_agreement',
      { ...agreementValues, document_sha256: currentAgreement.sha256.toUpperCase() },
      refused(actionErrors.agreementArgs),
    ],
    ['no version', 'sign_agreement', { ...agreementValues, version: null }, refused(actionErrors.agreementArgs)],
    [
      'a second time: the first signature',
      'sign_agreement',
      agreementValues,
      { ok: true },
      [{ actor: me, fn: 'sign_agreement', values: agreementValues }],
    ],
    ['a signed document', 'sign_document', { document_id: signedDocumentId }, refused(actionErrors.documentNotPending)],
    ['an unknown document', 'sign_document', { document_id: 'doc-nope' }, refused(actionErrors.noSuchDocument)],
    ['an empty document id', 'sign_document', { document_id: '' }, refused(actionErrors.documentIdRequired)],
    [
      'a document a second time: the same evidence',
      'sign_document',
      { document_id: pendingDocumentId },
      { ok: true },
      [{ actor: me, fn: 'sign_document', values: { document_id: pendingDocumentId } }],
    ],
  ];
  for (const [what, fn, values, expect, before] of cases) {
    const scenario: Scenario = { name: `${me} calls ${fn}: ${what}`, actor: me, op: 'rpc', target: fn, values, expect };
    if (before) scenario.before = before;
    out.push(scenario);
  }
  return out;
}

// --- KYC, payments and the audit check (start_kyc, review_kyc, apply_kyc_result, record_payment, audit_verify) ---

/** The KYC and payment server actions (06_kyc_and_payments.sql) and audit_verify. */
type KycPaymentActionName = 'start_kyc' | 'review_kyc' | 'apply_kyc_result' | 'record_payment' | 'audit_verify';

/**
 * Who may submit, review and verify, and that the provider-only functions are refused to every
 * browser actor (the service role is no actor: supabase/tests/kyc.test.ts and payments.test.ts
 * cover it). Staff accounts are made verified first (`demo_approve_kyc`), as the embedded
 * backend's staff accounts are, so both fixtures start from the same status.
 */
function kycPaymentScenarios(): Scenario[] {
  const out: Scenario[] = [];
  const refused = (error: BackendError): Expectation => ({ error: error.code, message: error.message });
  const reviewers = (a: Actor) => a.isAdmin || a.role === 'compliance';
  for (const a of actors) {
    const investor = a.id === 'investorA' || a.id === 'investorB';
    const start: Scenario = {
      name: `${a.id} calls start_kyc`,
      actor: a.id,
      op: 'rpc',
      target: 'start_kyc',
      values: {},
      expect: !a.role
        ? denied(actionErrors.functionDenied('start_kyc'))
        : investor
          ? { ok: true }
          : refused(actionErrors.kycAlreadyApproved),
    };
    if (a.role && !investor) start.before = [{ actor: a.id, fn: 'demo_approve_kyc', values: {} }];
    out.push(start);

    // Another member's pending verification, approved.
    const other = otherActor(a.id);
    const review: Scenario = {
      name: `${a.id} calls review_kyc on a pending verification`,
      actor: a.id,
      op: 'rpc',
      target: 'review_kyc',
      values: { member_id: '$other', decision: 'approved', reason: null },
      before: [{ actor: other, fn: 'start_kyc', values: {} }],
      expect: !a.role
        ? denied(actionErrors.functionDenied('review_kyc'))
        : reviewers(a)
          ? { ok: true }
          : denied(actionErrors.kycReviewDenied),
    };
    out.push(review);

    for (const [fn, values] of [
      ['apply_kyc_result', { member_id: '$own', result: 'approved', reason: null, event_id: 'evt-conformance-kyc' }],
      [
        'record_payment',
        {
          member_id: '$own',
          provider_ref: 'pi_conformance',
          amount_cents: MIN_FIRST_ONRAMP_CENTS,
          currency: 'EUR',
          status: 'settled',
          event_id: 'evt-conformance-payment',
        },
      ],
    ] as const) {
      out.push({
        name: `${a.id} calls ${fn}`,
        actor: a.id,
        op: 'rpc',
        target: fn,
        values,
        expect: denied(actionErrors.functionDenied(fn)),
      });
    }

    out.push({
      name: `${a.id} calls audit_verify`,
      actor: a.id,
      op: 'rpc',
      target: 'audit_verify',
      values: {},
      expect: !a.role
        ? denied(actionErrors.functionDenied('audit_verify'))
        : a.isAdmin || a.role === 'compliance' || a.role === 'mfo_admin'
          ? { ok: true }
          : denied(actionErrors.auditVerifyDenied),
    });
  }

  // The member: a retry while pending changes nothing.
  out.push({
    name: 'investorA calls start_kyc while pending',
    actor: 'investorA',
    op: 'rpc',
    target: 'start_kyc',
    values: {},
    before: [{ actor: 'investorA', fn: 'start_kyc', values: {} }],
    expect: { ok: true },
  });

  // The reviewer's refusals, in the order the function checks them.
  const pendingOther: SetupCall[] = [{ actor: 'investorA', fn: 'start_kyc', values: {} }];
  const cases: [string, Record<string, ScenarioValue>, Expectation, SetupCall[]?][] = [
    ['their own', { member_id: '$own', decision: 'approved', reason: null }, denied(actionErrors.kycSelfReview)],
    [
      'an unknown decision',
      { member_id: '$other', decision: 'maybe', reason: 'x' },
      refused(actionErrors.kycBadDecision),
      pendingOther,
    ],
    [
      'a rejection without a reason',
      { member_id: '$other', decision: 'rejected', reason: ' ' },
      refused(actionErrors.kycReasonRequired),
      pendingOther,
    ],
    [
      'a reason over the limit',
      { member_id: '$other', decision: 'rejected', reason: 'r'.repeat(KYC_REASON_MAX_LENGTH + 1) },
      refused(actionErrors.reasonTooLong),
      pendingOther,
    ],
    [
      'a verification not pending',
      { member_id: '$other', decision: 'approved', reason: null },
      refused(actionErrors.kycNotPending),
    ],
    [
      'a rejection with its reason',
      { member_id: '$other', decision: 'rejected', reason: 'The document is not readable' },
      { ok: true },
      pendingOther,
    ],
    [
      'a resubmission request with its reason',
      { member_id: '$other', decision: 'resubmission_requested', reason: 'Please add a proof of address' },
      { ok: true },
      pendingOther,
    ],
  ];
  for (const [what, values, expect, before] of cases) {
    const scenario: Scenario = {
      name: `compliance calls review_kyc: ${what}`,
      actor: 'compliance',
      op: 'rpc',
      target: 'review_kyc',
      values,
      expect,
    };
    if (before) scenario.before = before;
    out.push(scenario);
  }
  return out;
}

/** Every scenario both runners play. Names are unique. */
export const conformanceScenarios: readonly Scenario[] = [
  ...tableScenarios(),
  ...profileScenarios(),
  ...rpcScenarios(),
  ...listMemberScenarios(),
  ...signatureScenarios(),
  ...eligibilityScenarios(),
  ...kycPaymentScenarios(),
  ...investmentScenarios(actors),
  ...consoleScenarios(actors),
];
