import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, type BackendError, sampleSharedRows, validOfferingDetails } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor, type Who } from './db';
import {
  call,
  events,
  hold,
  type Members,
  type Name,
  names,
  offeringSteps,
  offeringsWorld,
  owner,
  refusal,
  schedule,
  setTimes,
  statusOf,
} from './offeringsSupport';

/**
 * Offerings on the server (supabase/schemas/12_offerings.sql, docs/offerings.md): every function as
 * every caller, allowed or refused; each transition of the state table allowed and refused, four
 * eyes on approval, and withdrawing cancels. Closing and the deadline: offerings-closing.test.ts;
 * one SPV's administrator and another SPV's: offerings-spvs.test.ts.
 */

let db: PGlite;
let m: Members;
const { who, create, inReview, opened } = offeringSteps(() => m);

beforeAll(async () => {
  ({ db, m } = await offeringsWorld());
});

afterAll(async () => {
  await db?.close();
});

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
