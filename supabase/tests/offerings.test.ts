import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  allocateUnits,
  type BackendError,
  investmentQuote,
  offeringRefusalError,
  type Role,
  sampleSharedRows,
  validOfferingDetails,
} from '@vault/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, runSampleSpv } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery, type Who } from './db';

/**
 * Offerings on the server (supabase/schemas/12_offerings.sql, docs/offerings.md): every function as
 * every caller, allowed or refused; each transition of the state table allowed and refused; an SPV
 * administrator refused on another SPV's offering, subscriptions, loans and assets; four eyes on
 * approval; closing allocates, issues units and settles each subscription (a property test over
 * random offerings); the deadline issues or fails; withdrawing cancels; offering_accepts; my_positions.
 */

type Name =
  | 'anon'
  | 'investor'
  | 'investor2'
  | 'mfo_admin'
  | 'compliance'
  | 'eq'
  | 'cl'
  | 'prod'
  | 'eqOther'
  | 'adminFlag'
  | 'service_role';
const names: readonly Name[] = [
  'anon',
  'investor',
  'investor2',
  'mfo_admin',
  'compliance',
  'eq',
  'cl',
  'prod',
  'eqOther',
  'adminFlag',
  'service_role',
];

let db: PGlite;
let m: Record<Exclude<Name, 'anon' | 'service_role'>, Account>;

function who(name: Name): Who {
  return name === 'anon' || name === 'service_role' ? name : m[name];
}

beforeAll(async () => {
  db = await seededDb();
  const make = (role: Role, isAdmin = false) => createUser(db, { role, isAdmin });
  m = {
    investor: await make('investor'),
    investor2: await make('investor'),
    mfo_admin: await make('mfo_admin'),
    compliance: await make('compliance'),
    eq: await make('eq_spv_admin'),
    cl: await make('cl_spv_admin'),
    prod: await make('production_spv'),
    eqOther: await make('eq_spv_admin'),
    adminFlag: await make('investor', true),
  };
  for (const a of [m.eq, m.cl, m.prod]) await runSampleSpv(db, a);
  // A second equity SPV, run by an eq_spv_admin who runs nothing else.
  await db.query(`insert into public.spvs (id, name, kind) values ('spv-equity-2', 'Second Equity SPV', 'equity')`);
  await db.query('insert into public.spv_administrators (spv_id, member_id) values ($1, $2)', [
    'spv-equity-2',
    m.eqOther.id,
  ]);
});

afterAll(async () => {
  await db?.close();
});

function refusal(error: BackendError) {
  return { ok: false, code: error.code, message: error.message };
}

async function owner(tx: Transaction): Promise<void> {
  await tx.exec('reset role');
  await tx.query(`select set_config('request.jwt.claims', '', true)`);
}

async function create(tx: Transaction, details: Record<string, unknown> = {}, by: Account = m.eq): Promise<string> {
  await become(tx, by);
  const { rows } = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
    JSON.stringify({ ...validOfferingDetails, ...details }),
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error('no offering id');
  return id;
}

async function call(tx: Transaction, by: Who, sql: string, params: unknown[] = []) {
  await become(tx, by);
  return tryQuery<Record<string, unknown>>(tx, sql, params);
}

async function inReview(tx: Transaction, details: Record<string, unknown> = {}, by: Account = m.eq): Promise<string> {
  const id = await create(tx, details, by);
  await become(tx, by);
  await tx.query('select public.submit_offering($1)', [id]);
  return id;
}

async function opened(tx: Transaction, details: Record<string, unknown> = {}): Promise<string> {
  const id = await inReview(tx, details);
  await become(tx, m.mfo_admin);
  await tx.query('select public.approve_offering($1)', [id]);
  return id;
}

/**
 * A Pending subscription holding `amount` cents (as submit_investment stores it), whose 4-day
 * reflection period ended `minutesAgo` (hardening-investments.test.ts holds the period itself).
 */
async function hold(tx: Transaction, member: Account, offering: string, amount: number, minutesAgo = 10) {
  await owner(tx);
  const quote = investmentQuote(amount, 'bank');
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
       card_fee_cents, total_cents, method, status, submitted_at)
     values ($1, $2, 'Offering', $3, $4, $5, $6, 'bank', 'Pending', now() - interval '4 days' - make_interval(mins => $7))
     returning id`,
    [member.id, offering, amount, quote.managementFeeCents, quote.cardFeeCents, quote.totalCents, minutesAgo],
  );
  return rows[0]?.id ?? '';
}

async function statusOf(tx: Transaction, id: string): Promise<string | undefined> {
  await owner(tx);
  const { rows } = await tx.query<{ status: string; open: boolean }>(
    'select status, open from public.opportunities where id = $1',
    [id],
  );
  const row = rows[0];
  if (row) expect(row.open).toBe(row.status === 'open');
  return row?.status;
}

async function events(tx: Transaction, id: string): Promise<string[]> {
  await owner(tx);
  const { rows } = await tx.query<{ action: string }>(
    `select action from public.audit_events where subject_type = 'offering' and subject_id = $1 order by id`,
    [id],
  );
  return rows.map((r) => r.action);
}

/** Moves an offering's times, as the passing of time would. */
async function setTimes(tx: Transaction, id: string, times: { opens_at?: string; deadline_at?: string }) {
  await owner(tx);
  if (times.opens_at)
    await tx.query('update public.opportunities set opens_at = $2 where id = $1', [id, times.opens_at]);
  if (times.deadline_at)
    await tx.query('update public.opportunities set deadline_at = $2 where id = $1', [id, times.deadline_at]);
}

async function schedule(tx: Transaction) {
  await become(tx, 'service_role');
  const { rows } = await tx.query<{ out: Record<string, number> }>('select public.run_offering_schedule() as out');
  return rows[0]?.out;
}

// -----------------------------------------------------------------------------------------------
describe('every function × every caller', () => {
  const spvActs: Name[] = ['eq', 'adminFlag'];
  const reviewers: Name[] = ['mfo_admin', 'compliance', 'adminFlag'];
  const signedIn = names.filter((n) => n !== 'anon' && n !== 'service_role');

  interface Row {
    fn: string;
    allowed: readonly Name[];
    denied: BackendError;
    run: (tx: Transaction, caller: Who) => Promise<{ ok: boolean }>;
  }
  const rows: Row[] = [
    {
      fn: 'create_offering',
      allowed: spvActs,
      denied: actionErrors.offeringSpvDenied,
      run: async (tx, caller) =>
        call(tx, caller, 'select public.create_offering($1::jsonb)', [JSON.stringify(validOfferingDetails)]),
    },
    {
      fn: 'update_offering',
      allowed: spvActs,
      denied: actionErrors.offeringSpvDenied,
      run: async (tx, caller) => {
        const id = await create(tx);
        return call(tx, caller, 'select public.update_offering($1, $2::jsonb)', [id, '{"name":"Renamed"}']);
      },
    },
    {
      fn: 'submit_offering',
      allowed: spvActs,
      denied: actionErrors.offeringSpvDenied,
      run: async (tx, caller) => call(tx, caller, 'select public.submit_offering($1)', [await create(tx)]),
    },
    {
      fn: 'approve_offering',
      allowed: reviewers,
      denied: actionErrors.offeringReviewDenied,
      run: async (tx, caller) => call(tx, caller, 'select public.approve_offering($1)', [await inReview(tx)]),
    },
    {
      fn: 'return_offering',
      allowed: reviewers,
      denied: actionErrors.offeringReviewDenied,
      run: async (tx, caller) =>
        call(tx, caller, 'select public.return_offering($1, $2)', [await inReview(tx), 'Add the fees']),
    },
    {
      fn: 'withdraw_offering',
      allowed: spvActs,
      denied: actionErrors.offeringSpvDenied,
      run: async (tx, caller) =>
        call(tx, caller, 'select public.withdraw_offering($1, $2)', [await opened(tx), 'Permit refused']),
    },
    {
      fn: 'close_offering',
      allowed: spvActs,
      denied: actionErrors.offeringSpvDenied,
      run: async (tx, caller) => {
        const id = await opened(tx);
        await hold(tx, m.investor, id, 60_000_000);
        return call(tx, caller, 'select public.close_offering($1)', [id]);
      },
    },
    {
      fn: 'run_offering_schedule',
      allowed: ['service_role'],
      denied: actionErrors.functionDenied('run_offering_schedule'),
      run: async (tx, caller) => call(tx, caller, 'select public.run_offering_schedule()'),
    },
    {
      fn: 'offering_accepts',
      allowed: signedIn,
      denied: actionErrors.functionDenied('offering_accepts'),
      run: async (tx, caller) =>
        call(tx, caller, 'select public.offering_accepts($1, $2)', [await opened(tx), 100_000]),
    },
    {
      fn: 'my_positions',
      allowed: signedIn,
      denied: actionErrors.functionDenied('my_positions'),
      run: async (tx, caller) => call(tx, caller, 'select * from public.my_positions()'),
    },
    {
      fn: 'offering_progress',
      allowed: signedIn,
      denied: actionErrors.functionDenied('offering_progress'),
      run: async (tx, caller) => call(tx, caller, 'select * from public.offering_progress()'),
    },
  ];

  const cases = rows.flatMap((row) => names.map((caller) => ({ fn: row.fn, caller })));
  it.each(cases)('$fn as $caller', async ({ fn, caller }) => {
    const row = rows.find((r) => r.fn === fn);
    if (!row) throw new Error(fn);
    const result = await asActor(db, 'service_role', (tx) => row.run(tx, who(caller)));
    if (row.allowed.includes(caller)) expect(result).toMatchObject({ ok: true });
    else if (caller === 'anon' || (caller === 'service_role' && fn !== 'run_offering_schedule'))
      expect(result).toMatchObject(refusal(actionErrors.functionDenied(fn)));
    else expect(result).toMatchObject(refusal(row.denied));
  });
});

// -----------------------------------------------------------------------------------------------
describe('the state table, allowed and refused', () => {
  it('create: a draft with its display fields from its terms, recorded; refused with the field at fault', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await create(tx);
      expect(id).toMatch(/^porto-heat-network-[0-9a-f]{6}$/);
      await owner(tx);
      const { rows } = await tx.query(
        'select status, open, apy, term, "minInvestment", spv_id, unit_price_cents from public.opportunities where id = $1',
        [id],
      );
      expect(rows[0]).toEqual({
        status: 'draft',
        open: false,
        apy: '6.5%',
        term: '60 Months',
        minInvestment: '€1,000',
        spv_id: 'spv-equity',
        unit_price_cents: 10_000,
      });
      expect(await events(tx, id)).toEqual(['offering.created']);
      const attempt = (details: Record<string, unknown>) =>
        call(tx, m.eq, 'select public.create_offering($1::jsonb)', [JSON.stringify(details)]);
      expect(await attempt({ ...validOfferingDetails, term_months: 0 })).toMatchObject({
        ok: false,
        code: '22023',
        message: 'term_months must be a whole number of months from 1 to 600',
      });
      expect(await attempt({ spv_id: 'spv-equity', name: 'Only a name' })).toMatchObject({
        ok: false,
        code: '22023',
        message: 'category is required',
      });
      expect(await attempt({ ...validOfferingDetails, spv_id: 'spv-nowhere' })).toMatchObject(
        refusal(actionErrors.unknownSpv),
      );
      expect(await attempt({ ...validOfferingDetails, max_ticket_cents: 1_000 })).toMatchObject({
        ok: false,
        code: '22023',
        message: 'max_ticket_cents must be at least min_ticket_cents',
      });
      // A draft may lack terms until it is submitted.
      const partial = { ...validOfferingDetails, unit_price_cents: null, deadline_at: null, documents: [] };
      expect(await attempt(partial)).toMatchObject({ ok: true });
    });
  });

  it('update: a draft only, the given keys only, a retry records nothing', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await create(tx, { projected_yield_bps: null });
      const update = (details: Record<string, unknown>) =>
        call(tx, m.eq, 'select * from public.update_offering($1, $2::jsonb)', [id, JSON.stringify(details)]);
      expect(await update({ projected_yield_bps: 720, term_months: 36 })).toMatchObject({
        ok: true,
        value: { rows: [{ apy: '7.2%', term: '36 Months', projected_yield_bps: 720, name: 'Porto Heat Network' }] },
      });
      expect(await update({ projected_yield_bps: 720 })).toMatchObject({ ok: true });
      expect(await update({ name: null })).toMatchObject({ ok: false, code: '22023', message: 'name may not be null' });
      expect(await update({ status: 'open' })).toMatchObject({
        ok: false,
        code: '22023',
        message: 'details has an unknown field: status',
      });
      expect(await update({ lockup_months: 61 })).toMatchObject({
        ok: false,
        code: '22023',
        message: 'lockup_months must be at most term_months',
      });
      expect(await events(tx, id)).toEqual(['offering.created', 'offering.updated']);
      await become(tx, m.eq);
      await tx.query('select public.submit_offering($1)', [id]);
      expect(await update({ name: 'Late' })).toMatchObject(refusal(actionErrors.offeringNotDraft));
    });
  });

  it('submit: a complete draft to in_review, once; an incomplete one names its first missing term', async () => {
    await asActor(db, m.eq, async (tx) => {
      const incomplete = await create(tx, { allocation_rule: null });
      expect(await call(tx, m.eq, 'select public.submit_offering($1)', [incomplete])).toMatchObject({
        ok: false,
        code: '22023',
        message: 'allocation_rule is required',
      });
      const past = await create(tx, { opens_at: '2020-01-01T00:00:00Z', deadline_at: '2021-01-01T00:00:00Z' });
      expect(await call(tx, m.eq, 'select public.submit_offering($1)', [past])).toMatchObject({
        ok: false,
        code: '22023',
        message: 'deadline_at must be in the future',
      });
      const id = await create(tx);
      for (let i = 0; i < 2; i += 1)
        expect(await call(tx, m.eq, 'select status from public.submit_offering($1)', [id])).toMatchObject({
          ok: true,
          value: { rows: [{ status: 'in_review' }] },
        });
      expect(await events(tx, id)).toEqual(['offering.created', 'offering.submitted']);
      // Its reviewers are told once (the retry sent nothing more); the SPV and investors are not.
      await owner(tx);
      const { rows: told } = await tx.query<{ user_id: string; title: string; body: string }>(
        `select user_id, title, body from public.notifications where title = 'Offering to review'`,
      );
      const name = (await tx.query<{ name: string }>('select name from public.opportunities where id = $1', [id]))
        .rows[0]?.name;
      const toldIds = told.map((n) => n.user_id);
      for (const reviewer of [m.mfo_admin, m.compliance, m.adminFlag])
        expect(toldIds.filter((user) => user === reviewer.id)).toHaveLength(1);
      for (const other of [m.eq, m.investor, m.cl]) expect(toldIds).not.toContain(other.id);
      expect(told[0]?.body).toBe(`${name} was submitted for review. Approve it or return it to its SPV on Offerings.`);
      await become(tx, m.eq);
      expect(await call(tx, m.eq, 'select public.submit_offering($1)', ['nothing-here'])).toMatchObject(
        refusal(actionErrors.noSuchOffering),
      );
    });
  });

  it('approve: opens at once when its opening time has passed, and notifies the SPV', async () => {
    await asActor(db, m.mfo_admin, async (tx) => {
      const id = await inReview(tx);
      const details = () =>
        tx.query(
          'select id, name, type, yield, risk, impact, term, status from public.opportunity_details where id = $1',
          [id],
        );
      // A draft or an offering in review has no detail page members could read.
      expect((await details()).rows).toEqual([]);
      expect(await call(tx, m.mfo_admin, 'select status from public.approve_offering($1)', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'open' }] },
      });
      expect(await statusOf(tx, id)).toBe('open');
      // Open, its detail page shows its terms as the seed's display rows do.
      await owner(tx);
      const { rows: terms } = await tx.query<Record<string, unknown>>(
        `select name, category, apy, term, impact_metrics -> 0 ->> 'name' as metric from public.opportunities where id = $1`,
        [id],
      );
      const t = terms[0] ?? {};
      expect((await details()).rows).toEqual([
        {
          id,
          name: t.name,
          type: t.category,
          yield: t.apy,
          risk: 'Not rated',
          impact: t.metric ?? t.category,
          term: t.term,
          status: 'Open',
        },
      ]);
      expect(await events(tx, id)).toEqual([
        'offering.created',
        'offering.submitted',
        'offering.approved',
        'offering.opened',
      ]);
      const { rows } = await tx.query<{ title: string }>(
        `select title from public.notifications where user_id = $1 and id like 'evt-%' order by id`,
        [m.eq.id],
      );
      expect(rows.map((r) => r.title)).toEqual(['Offering approved', 'Offering open']);
      // Approving again changes nothing; an open offering cannot be returned.
      expect(await call(tx, m.mfo_admin, 'select public.approve_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringNotInReview),
      );
      expect(await call(tx, m.compliance, 'select public.return_offering($1, $2)', [id, 'x'])).toMatchObject(
        refusal(actionErrors.offeringNotInReview),
      );
    });
  });

  it('approve: a future opening waits for the schedule; it can no longer be returned', async () => {
    await asActor(db, m.compliance, async (tx) => {
      const id = await inReview(tx, { opens_at: '2099-01-01T00:00:00Z' });
      expect(await call(tx, m.compliance, 'select status from public.approve_offering($1)', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'in_review' }] },
      });
      expect(await call(tx, m.compliance, 'select status from public.approve_offering($1)', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'in_review' }] },
      });
      expect(await call(tx, m.mfo_admin, 'select public.return_offering($1, $2)', [id, 'Late'])).toMatchObject(
        refusal(actionErrors.offeringAlreadyApproved),
      );
      // Investors do not see it yet; its SPV does.
      for (const [reader, seen] of [
        [m.investor, 0],
        [m.eq, 1],
        [m.eqOther, 0],
        [m.compliance, 1],
      ] as const) {
        await become(tx, reader);
        const { rows } = await tx.query('select id from public.opportunities where id = $1', [id]);
        expect(rows.length).toBe(seen);
      }
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 0, failed: 0, matured: 0 });
      await setTimes(tx, id, { opens_at: '2026-01-01T00:00:00Z' });
      expect(await schedule(tx)).toEqual({ opened: 1, issued: 0, failed: 0, matured: 0 });
      expect(await statusOf(tx, id)).toBe('open');
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 0, failed: 0, matured: 0 });
    });
  });

  it('approve: refused without the key information sheet and the subscription terms, or from a draft', async () => {
    await asActor(db, m.mfo_admin, async (tx) => {
      const id = await inReview(tx, {
        documents: [{ kind: 'key_information', name: 'KIIS', sha256: 'a'.repeat(64) }],
      });
      expect(await call(tx, m.mfo_admin, 'select public.approve_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringDocumentsMissing),
      );
      const draft = await create(tx);
      expect(await call(tx, m.mfo_admin, 'select public.approve_offering($1)', [draft])).toMatchObject(
        refusal(actionErrors.offeringNotInReview),
      );
      await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
      await owner(tx);
      await tx.query(`update public.opportunities set documents = $2::jsonb where id = $1`, [
        id,
        JSON.stringify(validOfferingDetails.documents),
      ]);
      expect(await call(tx, m.mfo_admin, 'select public.approve_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringDeadlinePassed),
      );
    });
  });

  it('return: back to draft with the reason, which the SPV reads; a reason is required', async () => {
    await asActor(db, m.compliance, async (tx) => {
      const id = await inReview(tx);
      expect(await call(tx, m.compliance, 'select public.return_offering($1, $2)', [id, ' '])).toMatchObject(
        refusal(actionErrors.offeringReasonRequired),
      );
      expect(
        await call(tx, m.compliance, 'select status from public.return_offering($1, $2)', [id, 'State the fees']),
      ).toMatchObject({ ok: true, value: { rows: [{ status: 'draft' }] } });
      await become(tx, m.eq);
      const { rows } = await tx.query<{ reason: string }>(
        'select reason from public.offering_records where opportunity_id = $1',
        [id],
      );
      expect(rows).toEqual([{ reason: 'State the fees' }]);
      expect(await events(tx, id)).toEqual(['offering.created', 'offering.submitted', 'offering.returned']);
      // Edited and submitted again, it can be approved.
      expect(
        await call(tx, m.eq, 'select public.update_offering($1, $2::jsonb)', [id, '{"description":"Fees: 1%."}']),
      ).toMatchObject({ ok: true });
      expect(await call(tx, m.eq, 'select public.submit_offering($1)', [id])).toMatchObject({ ok: true });
      expect(await call(tx, m.compliance, 'select status from public.approve_offering($1)', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'open' }] },
      });
    });
  });

  it('four eyes: whoever submitted an offering neither approves nor returns it', async () => {
    await asActor(db, m.adminFlag, async (tx) => {
      const id = await inReview(tx, {}, m.adminFlag);
      expect(await call(tx, m.adminFlag, 'select public.approve_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringFourEyes),
      );
      expect(await call(tx, m.adminFlag, 'select public.return_offering($1, $2)', [id, 'Mine'])).toMatchObject(
        refusal(actionErrors.offeringFourEyes),
      );
      expect(await call(tx, m.mfo_admin, 'select status from public.approve_offering($1)', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'open' }] },
      });
    });
  });

  it('close: refused below the minimum and from any state but open; a retry answers the issued offering', async () => {
    await asActor(db, m.eq, async (tx) => {
      const draft = await create(tx);
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [draft])).toMatchObject(
        refusal(actionErrors.offeringNotOpen),
      );
      const id = await opened(tx);
      await hold(tx, m.investor, id, 49_990_000);
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringBelowMinimum),
      );
      await hold(tx, m.investor2, id, 10_000);
      for (let i = 0; i < 2; i += 1)
        expect(await call(tx, m.eq, 'select status from public.close_offering($1)', [id])).toMatchObject({
          ok: true,
          value: { rows: [{ status: 'issued' }] },
        });
      expect((await events(tx, id)).filter((e) => e === 'offering.issued')).toHaveLength(1);
      expect(await call(tx, m.eq, 'select public.withdraw_offering($1, $2)', [id, 'Too late'])).toMatchObject(
        refusal(actionErrors.offeringNotWithdrawable),
      );
      expect(await call(tx, m.eq, 'select public.submit_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringNotDraft),
      );
      // A sample opportunity has no offering to close.
      const sample = sampleSharedRows.opportunities.find((o) => o.spv_id === 'spv-equity' && o.open);
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [sample?.id])).toMatchObject(
        refusal(actionErrors.offeringNotOpen),
      );
    });
  });

  it.each(['draft', 'in_review', 'open'] as const)(
    'withdraw from %s: cancels every subscription with the reason',
    async (from) => {
      await asActor(db, m.eq, async (tx) => {
        const id = from === 'draft' ? await create(tx) : from === 'in_review' ? await inReview(tx) : await opened(tx);
        const investment = from === 'open' ? await hold(tx, m.investor, id, 1_000_000) : null;
        expect(await call(tx, m.eq, 'select public.withdraw_offering($1, $2)', [id, ''])).toMatchObject(
          refusal(actionErrors.offeringReasonRequired),
        );
        expect(
          await call(tx, m.eq, 'select status from public.withdraw_offering($1, $2)', [id, 'The permit was refused.']),
        ).toMatchObject({ ok: true, value: { rows: [{ status: 'withdrawn' }] } });
        expect(
          await call(tx, m.eq, 'select status from public.withdraw_offering($1, $2)', [id, 'Again']),
        ).toMatchObject({
          ok: true,
        });
        expect((await events(tx, id)).at(-1)).toBe('offering.withdrawn');
        if (investment) {
          const { rows } = await tx.query('select status, reason from public.investments where id = $1', [investment]);
          expect(rows).toEqual([
            { status: 'Cancelled', reason: 'The offering was withdrawn: The permit was refused.' },
          ]);
          const notes = await tx.query<{ body: string }>(
            `select body from public.notifications where user_id = $1 and title = 'Offering withdrawn'`,
            [m.investor.id],
          );
          expect(notes.rows[0]?.body).toContain('The permit was refused.');
        }
      });
    },
  );
});

// -----------------------------------------------------------------------------------------------
describe('closing', () => {
  it('pro rata: scales each hold to the maximum, issues the units, makes the subscriptions Active', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const a = await hold(tx, m.investor, id, 60_000_000, 30);
      const b = await hold(tx, m.investor2, id, 60_000_000, 20);
      const c = await hold(tx, m.investor, id, 30_000_000, 10);
      // While open, what it raised is what its subscriptions hold.
      await become(tx, m.investor2);
      const open = await tx.query('select * from public.offering_progress() where opportunity_id = $1', [id]);
      expect(open.rows).toEqual([{ opportunity_id: id, raised_cents: 150_000_000 }]);
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject({ ok: true });
      await owner(tx);
      const allocations = await tx.query<{
        investment_id: string;
        units: number;
        amount_cents: number;
        fees_cents: number;
      }>(
        'select investment_id, units::int, amount_cents::bigint::float8 as amount_cents, fees_cents::int from public.offering_allocations where opportunity_id = $1',
        [id],
      );
      const byId = new Map(allocations.rows.map((r) => [r.investment_id, r]));
      expect([a, b, c].map((x) => byId.get(x)?.units)).toEqual(
        allocateUnits('pro_rata', 10_000, 100_000_000, [
          { amountCents: 60_000_000 },
          { amountCents: 60_000_000 },
          { amountCents: 30_000_000 },
        ]),
      );
      expect(byId.get(a)).toMatchObject({ units: 4_000, amount_cents: 40_000_000, fees_cents: 400_000 });
      const statuses = await tx.query('select status from public.investments where opportunity_id = $1', [id]);
      expect(new Set(statuses.rows.map((r) => (r as { status: string }).status))).toEqual(new Set(['Active']));
      const positions = await tx.query(
        'select member_id, units::int from public.positions where opportunity_id = $1 order by units',
        [id],
      );
      expect(positions.rows).toEqual([
        { member_id: m.investor2.id, units: 4_000 },
        { member_id: m.investor.id, units: 6_000 },
      ]);
      expect(await statusOf(tx, id)).toBe('issued');
      const event = await tx.query<{ details: Record<string, unknown> }>(
        `select details from public.audit_events where action = 'offering.issued' and subject_id = $1`,
        [id],
      );
      expect(event.rows[0]?.details).toMatchObject({
        units: 10_000,
        raised_cents: 100_000_000,
        held_cents: 150_000_000,
      });
      const notes = await tx.query(
        `select user_id from public.notifications where title = 'Units issued' and user_id in ($1, $2)`,
        [m.investor.id, m.investor2.id],
      );
      expect(notes.rows).toHaveLength(2);

      // The investor's portfolio.
      await become(tx, m.investor);
      // What it raised, as /opportunities reads it: the allocations, not the larger holds.
      const progress = await tx.query('select * from public.offering_progress() where opportunity_id = $1', [id]);
      expect(progress.rows).toEqual([{ opportunity_id: id, raised_cents: 100_000_000 }]);
      const mine = await tx.query('select * from public.my_positions() where opportunity_id = $1', [id]);
      expect(mine.rows).toEqual([
        {
          opportunity_id: id,
          units: 6_000,
          cost_cents: 60_000_000,
          fees_cents: 600_000,
          value_cents: 60_000_000,
          status: 'Active',
          impact: [{ name: 'Emissions avoided', unit: 'tCO2e avoided per year', per_year: 2520 }],
        },
      ]);
      // A later unit price values the position at it; the end of the term matures it.
      await owner(tx);
      await tx.query(
        `insert into public.unit_prices (opportunity_id, as_of, price_cents, reason)
         values ($1, (now() at time zone 'UTC')::date, 12_500, 'Valuation')
         on conflict (opportunity_id, as_of) do update set price_cents = excluded.price_cents`,
        [id],
      );
      // Issued 61 months ago: the end of the term a position stores follows (positions_revalue).
      await tx.query(
        `update public.positions set first_issued_at = now() - interval '61 months' where opportunity_id = $1`,
        [id],
      );
      await tx.query('select public.positions_revalue(array[$1])', [id]);
      await become(tx, m.investor);
      const later = await tx.query('select value_cents, status from public.my_positions() where opportunity_id = $1', [
        id,
      ]);
      expect(later.rows).toEqual([{ value_cents: 75_000_000, status: 'Matured' }]);
    });
  });

  it('first come: each hold as it is; rejected and cancelled subscriptions take nothing', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx, { allocation_rule: 'first_come' });
      await hold(tx, m.investor, id, 40_000_000);
      const rejected = await hold(tx, m.investor2, id, 20_000_000);
      await hold(tx, m.investor2, id, 15_000_000);
      expect(
        await call(tx, m.eq, 'select status from public.review_investment($1, $2, $3)', [rejected, 'rejected', 'KYC']),
      ).toMatchObject({ ok: true, value: { rows: [{ status: 'Rejected' }] } });
      expect(
        await call(tx, m.eq, 'select public.review_investment($1, $2, null)', [rejected, 'confirmed']),
      ).toMatchObject(refusal(actionErrors.investmentNotPending));
      const pending = await hold(tx, m.investor, id, 5_000_000);
      expect(
        await call(tx, m.eq, 'select public.review_investment($1, $2, null)', [pending, 'confirmed']),
      ).toMatchObject(refusal(actionErrors.offeringClosesItsSubscriptions));
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject({ ok: true });
      await owner(tx);
      const { rows } = await tx.query(
        'select member_id, units::int, cost_cents::int from public.positions where opportunity_id = $1 order by units',
        [id],
      );
      expect(rows).toEqual([
        { member_id: m.investor2.id, units: 1_500, cost_cents: 15_000_000 },
        { member_id: m.investor.id, units: 4_500, cost_cents: 45_000_000 },
      ]);
    });
  });

  it('a property: random offerings, holds and cancellations close within the maximum, or fail leaving nothing held', async () => {
    const scenario = fc.record({
      rule: fc.constantFrom('first_come', 'pro_rata'),
      price: fc.constantFrom(100, 2_500, 10_000),
      maxUnits: fc.integer({ min: 10, max: 5_000 }),
      minShare: fc.double({ min: 0.05, max: 1, noNaN: true }),
      holds: fc.array(
        fc.record({
          investor: fc.constantFrom(0, 1),
          amount: fc.integer({ min: 100, max: 30_000_000 }),
          cancelled: fc.boolean(),
        }),
        { maxLength: 8 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ rule, price, maxUnits, minShare, holds }) => {
        await asActor(db, m.eq, async (tx) => {
          const max = price * maxUnits;
          const min = Math.max(1, Math.floor(max * minShare));
          const id = await opened(tx, {
            allocation_rule: rule,
            unit_price_cents: price,
            max_target_cents: max,
            min_target_cents: min,
            min_ticket_cents: null,
            max_ticket_cents: null,
          });
          const investors = [m.investor, m.investor2];
          for (const [i, h] of holds.entries()) {
            const investment = await hold(tx, investors[h.investor] ?? m.investor, id, h.amount, 100 - i);
            if (h.cancelled)
              await tx.query(`update public.investments set status = 'Cancelled' where id = $1`, [investment]);
          }
          const held = holds.filter((h) => !h.cancelled).reduce((s, h) => s + h.amount, 0);
          await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
          const done = await schedule(tx);
          await owner(tx);
          const positions = await tx.query<{ units: string; cost: string }>(
            'select coalesce(sum(units), 0)::text as units, coalesce(sum(cost_cents), 0)::text as cost from public.positions where opportunity_id = $1',
            [id],
          );
          const pending = await tx.query(
            `select 1 from public.investments where opportunity_id = $1 and status = 'Pending'`,
            [id],
          );
          expect(pending.rows).toEqual([]);
          if (held >= min) {
            expect(done).toEqual({ opened: 0, issued: 1, failed: 0, matured: 0 });
            const units = Number(positions.rows[0]?.units);
            expect(Number(positions.rows[0]?.cost)).toBe(units * price);
            expect(units * price).toBeLessThanOrEqual(max);
            const asked = holds.filter((h) => !h.cancelled).map((h) => Math.floor(h.amount / price));
            expect(units).toBe(
              Math.min(
                asked.reduce((a, b) => a + b, 0),
                maxUnits,
              ),
            );
          } else {
            expect(done).toEqual({ opened: 0, issued: 0, failed: 1, matured: 0 });
            expect(positions.rows[0]?.units).toBe('0');
            expect(await statusOf(tx, id)).toBe('failed');
          }
        });
      }),
      { numRuns: 12 },
    );
  });
});

// -----------------------------------------------------------------------------------------------
describe('the deadline', () => {
  it('fails an offering below its minimum: every subscription cancelled, every investor told', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const a = await hold(tx, m.investor, id, 10_000_000);
      const b = await hold(tx, m.investor2, id, 5_000_000);
      await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 0, failed: 1, matured: 0 });
      expect(await statusOf(tx, id)).toBe('failed');
      const { rows: page } = await tx.query('select status from public.opportunity_details where id = $1', [id]);
      expect(page).toEqual([{ status: 'Failed' }]);
      const { rows } = await tx.query<{ status: string; reason: string }>(
        'select status, reason from public.investments where id in ($1, $2)',
        [a, b],
      );
      expect(rows.map((r) => r.status)).toEqual(['Cancelled', 'Cancelled']);
      expect(rows[0]?.reason).toBe('The offering did not reach its minimum target of €500,000 by its deadline.');
      const notes = await tx.query(
        `select user_id from public.notifications where title = 'Offering did not reach its minimum' order by user_id`,
      );
      // The two investors, and the SPV's administrators (its demo account among them).
      const spv = await tx.query<{ member_id: string }>(
        `select member_id from public.spv_administrators where spv_id = 'spv-equity'`,
      );
      expect(notes.rows.map((r) => (r as { user_id: string }).user_id).sort()).toEqual(
        [m.investor.id, m.investor2.id, ...spv.rows.map((r) => r.member_id)].sort(),
      );
      expect(spv.rows.map((r) => r.member_id)).toContain(m.eq.id);
      expect((await events(tx, id)).at(-1)).toBe('offering.failed');
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringNotOpen),
      );
    });
  });

  it('issues an offering whose minimum is held', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      await hold(tx, m.investor, id, 50_000_000);
      await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 1, failed: 0, matured: 0 });
      expect(await statusOf(tx, id)).toBe('issued');
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('offering_accepts', () => {
  it('refuses outside the tickets and, first come, above what is left, saying what is left', async () => {
    await asActor(db, m.investor, async (tx) => {
      const id = await opened(tx, { allocation_rule: 'first_come' });
      await hold(tx, m.investor2, id, 96_999_950);
      const accepts = (amount: number) => call(tx, m.investor, 'select public.offering_accepts($1, $2)', [id, amount]);
      expect(await accepts(99_999)).toMatchObject(
        refusal(offeringRefusalError({ code: 'BELOW_MIN_TICKET', limitCents: 100_000 })),
      );
      expect(await accepts(5_000_001)).toMatchObject(
        refusal(offeringRefusalError({ code: 'ABOVE_MAX_TICKET', limitCents: 5_000_000 })),
      );
      expect(await accepts(3_000_100)).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'ABOVE_REMAINING: Only €30,000.50 is left in this offering. Enter at most that.',
      });
      expect(await accepts(3_000_050)).toMatchObject({ ok: true });
      expect(await accepts(0)).toMatchObject(refusal(actionErrors.badAmount));
    });
  });

  it('lets pro rata take more than is left, refuses a draft as unknown to an investor, and enforces nothing on a sample', async () => {
    await asActor(db, m.investor, async (tx) => {
      const id = await opened(tx);
      await hold(tx, m.investor2, id, 99_000_000);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, $2)', [id, 5_000_000])).toMatchObject({
        ok: true,
      });
      const draft = await create(tx);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, $2)', [draft, 5_000_000])).toMatchObject(
        refusal(actionErrors.unknownOpportunity),
      );
      expect(await call(tx, m.eq, 'select public.offering_accepts($1, $2)', [draft, 5_000_000])).toMatchObject(
        refusal(offeringRefusalError({ code: 'NOT_OPEN', limitCents: null })),
      );
      const sample = sampleSharedRows.opportunities.find((o) => o.open);
      const closed = sampleSharedRows.opportunities.find((o) => !o.open);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, 1)', [sample?.id])).toMatchObject({
        ok: true,
      });
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, 1)', [closed?.id])).toMatchObject(
        refusal(offeringRefusalError({ code: 'NOT_OPEN', limitCents: null })),
      );
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('an SPV administrator and another SPV', () => {
  it('is refused on another SPV’s offering, as every other SPV role is', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await create(tx);
      for (const other of [m.eqOther, m.cl, m.prod]) {
        for (const [sql, params] of [
          ['select public.update_offering($1, $2::jsonb)', [id, '{"name":"Mine now"}']],
          ['select public.submit_offering($1)', [id]],
          ['select public.withdraw_offering($1, $2)', [id, 'No']],
          ['select public.close_offering($1)', [id]],
        ] as const) {
          expect(await call(tx, other, sql, [...params])).toMatchObject(refusal(actionErrors.offeringSpvDenied));
        }
        expect(
          await call(tx, other, 'select public.create_offering($1::jsonb)', [JSON.stringify(validOfferingDetails)]),
        ).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      }
      // Moving a draft to an SPV one does not run is refused too.
      expect(
        await call(tx, m.eq, 'select public.update_offering($1, $2::jsonb)', [id, '{"spv_id":"spv-equity-2"}']),
      ).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });

  it('lists, reviews and exports only its own SPVs’ subscriptions', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const investment = await hold(tx, m.investor, id, 1_000_000);
      const listed = async (reader: Account) => {
        await become(tx, reader);
        const { rows } = await tx.query<{ id: string }>(
          `select id from public.list_subscriptions('Pending', null, 200)`,
        );
        return rows.map((r) => r.id).includes(investment);
      };
      expect(await listed(m.eq)).toBe(true);
      expect(await listed(m.adminFlag)).toBe(true);
      expect(await listed(m.eqOther)).toBe(false);
      expect(await listed(m.cl)).toBe(false);
      expect(
        await call(tx, m.eqOther, 'select public.review_investment($1, $2, $3)', [investment, 'rejected', 'No']),
      ).toMatchObject(refusal(actionErrors.noSuchInvestment));
      const exported = async (reader: Account) => {
        await become(tx, reader);
        const { rows } = await tx.query<{ csv: string }>(
          `select public.export_report('investments', null, null) as csv`,
        );
        return (rows[0]?.csv ?? '').includes(investment);
      };
      expect(await exported(m.eq)).toBe(true);
      expect(await exported(m.mfo_admin)).toBe(true);
      expect(await exported(m.eqOther)).toBe(false);
    });
  });

  it('reads and acts on only its own SPVs’ loans and assets', async () => {
    await asActor(db, m.cl, async (tx) => {
      await owner(tx);
      await tx.query(`insert into public.spvs values ('spv-lending-2', 'Second Lending SPV', 'lending')`);
      await tx.query(
        `insert into public.loans values ('LN-OTHER', 'Other B.V.', '€1', 'Active', null, 'spv-lending-2')`,
      );
      await tx.query(`insert into public.spvs values ('spv-production-2', 'Second Production SPV', 'production')`);
      await tx.query(
        `insert into public.production_assets values ('Other Array', 'Operational', '€1', 'spv-production-2')`,
      );
      await become(tx, m.cl);
      const loans = await tx.query<{ id: string }>('select id from public.loans');
      expect(loans.rows.map((r) => r.id)).not.toContain('LN-OTHER');
      expect(loans.rows).toHaveLength(sampleSharedRows.loans.length);
      expect(
        await call(tx, m.cl, `select public.record_repayment('LN-OTHER', 100, '2025-01-01', 'REF-1')`),
      ).toMatchObject(refusal(actionErrors.unknownLoan));
      const book = await tx.query<{ id: string }>('select id from public.loan_book()');
      expect(book.rows.map((r) => r.id)).not.toContain('LN-OTHER');
      await become(tx, m.prod);
      const assets = await tx.query<{ name: string }>('select name from public.production_assets');
      expect(assets.rows.map((r) => r.name)).not.toContain('Other Array');
      expect(
        await call(tx, m.prod, `select public.set_asset_status('Other Array', 'Under Maintenance', 'x')`),
      ).toMatchObject(refusal(actionErrors.unknownAsset));
      await become(tx, m.mfo_admin);
      const all = await tx.query<{ id: string }>('select id from public.loans');
      expect(all.rows.map((r) => r.id)).toContain('LN-OTHER');
      // An SPV role listed nowhere reads nothing.
      await owner(tx);
      const stranger = await createUser(tx, { role: 'cl_spv_admin' });
      await become(tx, stranger);
      expect((await tx.query('select id from public.loans')).rows).toEqual([]);
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('a sample opportunity', () => {
  it('confirms a subscription one by one and issues its units at once', async () => {
    await asActor(db, m.eq, async (tx) => {
      const sample = sampleSharedRows.opportunities.find((o) => o.spv_id === 'spv-equity' && o.open);
      if (!sample) throw new Error('no open equity sample');
      // Submitted by a retail investor whose reflection period is over, with KYC approved.
      const investment = await hold(tx, m.investor, sample.id, 505_050);
      await tx.query(`update public.profiles set kyc_status = 'approved' where id = $1`, [m.investor.id]);
      expect(
        await call(tx, m.eq, 'select status from public.review_investment($1, $2, null)', [investment, 'confirmed']),
      ).toMatchObject({ ok: true, value: { rows: [{ status: 'Active' }] } });
      await become(tx, m.investor);
      const { rows } = await tx.query(
        'select opportunity_id, units, cost_cents, value_cents, status from public.my_positions()',
      );
      expect(rows).toEqual([
        { opportunity_id: sample.id, units: 5_050, cost_cents: 505_000, value_cents: 505_000, status: 'Active' },
      ]);
    });
  });
});

describe('the internal helpers', () => {
  it.each([
    'offering_settle_holds',
    'offering_issue',
    'offering_reflection_ends_at',
    'offering_end',
    'offering_open',
    'offering_for_spv',
    'offering_for_review',
    'offering_issue_units',
    'offering_held_cents',
    'offering_details_error',
    'offering_allocation',
    'vault_acts_for_spv',
  ])('%s is executable by no client role and not by the service role', async (name) => {
    const { rows } = await db.query(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1`,
      [name],
    );
    expect(rows).toEqual([{ anon: false, authenticated: false, service_role: false }]);
  });
});
