import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  CANCELLATION_WINDOW_DAYS,
  demoAccounts,
  investmentNotification,
  investmentQuote,
  investmentQuoteCases,
  sampleMemberRows,
  sampleSharedRows,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  become,
  type CallerName,
  type Callers,
  callerNames,
  createCallers,
  giveSampleRows,
  whoIs,
} from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';

/**
 * Investments (08_investments.sql): the stored model and the demo investor's sample rows;
 * submit_investment, review_investment and cancel_investment for every caller, each refusal with
 * its code and message, idempotency, the cancellation window and the audit events.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const submit = 'select * from public.submit_investment($1, $2, $3, $4)';
const review = 'select * from public.review_investment($1, $2, $3)';
const cancel = 'select * from public.cancel_investment($1)';

const openOpportunity = sampleSharedRows.opportunities.find((o) => o.open);
const closedOpportunity = sampleSharedRows.opportunities.find((o) => !o.open);
if (!openOpportunity || !closedOpportunity) throw new Error('the sample opportunities lack an open and a closed one');

interface StoredInvestment {
  id: string;
  user_id: string;
  opportunity_id: string;
  opportunity_name: string;
  amount_cents: number;
  management_fee_cents: number;
  card_fee_cents: number;
  total_cents: number;
  method: string;
  status: string;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
  idempotency_key: string;
}

/** Makes `member` pass the readiness gate (wallet, approved KYC, first on-ramp) and eligibility, then acts as them. */
async function makeReady(
  tx: Transaction,
  member: Account,
  steps: { wallet?: boolean; kyc?: boolean; onramp?: boolean } = {},
): Promise<void> {
  await tx.exec('reset role');
  await tx.query(
    `update public.profiles set crossmint_wallet_id = $2, kyc_status = $3, first_onramp_ok = $4 where id = $1`,
    [
      member.id,
      steps.wallet === false ? null : `wallet-${member.id}`,
      steps.kyc === false ? 'pending' : 'approved',
      steps.onramp !== false,
    ],
  );
  // Eligibility (docs/eligibility.md) comes after the gate: a company in the Netherlands is
  // admitted to every sample opportunity without a questionnaire or a cooling-off.
  const { rows } = await tx.query<{ present: boolean }>(
    `select to_regclass('public.investor_profiles') is not null as present`,
  );
  if (rows[0]?.present) {
    await tx.query(
      `insert into public.investor_profiles (member_id, country, category) values ($1, 'NL', 'corporate')
       on conflict (member_id) do nothing`,
      [member.id],
    );
  }
  // Cash that covers every submission here, so each is held and Pending (the ledger:
  // without it an investment awaits its payment, ledger-member-cash.test.ts).
  if (steps.onramp !== false) {
    await become(tx, 'service_role');
    const ref = `pi_ready_${crypto.randomUUID()}`;
    await tx.query('select public.record_payment($1, $2, $3, $4, $5, $6)', [
      member.id,
      ref,
      100_000_000,
      'EUR',
      'settled',
      `evt_${ref}`,
    ]);
  }
  await become(tx, member);
}

function key(): string {
  return crypto.randomUUID();
}

/** Submits as `member` (made ready first) and answers the stored row. */
async function submitted(tx: Transaction, member: Account, amountCents = 500_000, method = 'bank') {
  await makeReady(tx, member);
  const result = await tryQuery<StoredInvestment>(tx, submit, [openOpportunity?.id, amountCents, method, key()]);
  if (!result.ok) throw new Error(`submit failed: ${result.message}`);
  const row = result.value.rows[0];
  if (!row) throw new Error('submit answered no row');
  return row;
}

async function eventsOf(tx: Transaction, subjectId: string) {
  await tx.exec('reset role');
  const { rows } = await tx.query<{
    action: string;
    actor_id: string | null;
    actor_role: string;
    member_id: string | null;
    details: Record<string, unknown>;
  }>(
    `select action, actor_id, actor_role, member_id, details from public.audit_events
     where subject_type = 'investment' and subject_id = $1 order by id`,
    [subjectId],
  );
  return rows;
}

function refusal(error: { code: string; message: string }) {
  return { ok: false, code: error.code, message: error.message };
}

describe('the stored model', () => {
  it('gives a new member no investment, and the demo investor the sample ones as its own, in cents and timestamps, each with its own id', async () => {
    const demoInvestor = demoAccounts.find((a) => a.role === 'investor')?.id;
    await asOwner(db, async (tx) => {
      const { rows } = await tx.query<StoredInvestment>(
        'select * from public.investments where user_id = any($1) order by user_id, submitted_at desc',
        [[callers.investorA.id, callers.investorB.id, demoInvestor]],
      );
      const sample = sampleMemberRows.investments;
      // Sample history is the demo investor's (demo-history.test.ts): new members start with none.
      expect(rows.every((r) => r.user_id === demoInvestor)).toBe(true);
      expect(rows).toHaveLength(sample.length);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows.filter((r) => sample.some((s) => s.id === r.id))).toEqual([]);
      expect(
        rows.map((r) => ({
          opportunity_id: r.opportunity_id,
          amount_cents: Number(r.amount_cents),
          total_cents: Number(r.total_cents),
          status: r.status,
          submitted_at: r.submitted_at.toISOString(),
        })),
      ).toEqual(
        [...sample]
          .sort((a, b) => b.submitted_at.localeCompare(a.submitted_at))
          .map((s) => ({
            opportunity_id: s.opportunity_id,
            amount_cents: s.amount_cents,
            total_cents: s.total_cents,
            status: s.status,
            submitted_at: new Date(s.submitted_at).toISOString(),
          })),
      );
    });
  });

  it('stores the columns with the types the issue names', async () => {
    const { rows } = await db.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
       where table_schema = 'public' and table_name = 'investments' order by column_name`,
    );
    const types = Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]));
    expect(types).toMatchObject({
      id: 'uuid',
      user_id: 'uuid',
      opportunity_id: 'text',
      amount_cents: 'bigint',
      management_fee_cents: 'bigint',
      card_fee_cents: 'bigint',
      total_cents: 'bigint',
      method: 'text',
      status: 'text',
      submitted_at: 'timestamp with time zone',
      decided_at: 'timestamp with time zone',
      reason: 'text',
      idempotency_key: 'uuid',
    });
  });

  it('is read by its owner only, and written by no client (the service role keeps the server’s rights)', async () => {
    for (const name of callerNames.filter((n) => n !== 'service_role')) {
      const result = await asActor(db, whoIs(callers, name), async (tx) => {
        // Every caller owns investments (copies of the sample's), so each read has others' to leave out.
        await tx.exec('reset role');
        await giveSampleRows(tx, Object.values(callers));
        await become(tx, whoIs(callers, name));
        return {
          read: await tryQuery<{ user_id: string }>(tx, 'select user_id from public.investments'),
          write: await tryQuery(tx, `update public.investments set status = 'Active'`),
        };
      });
      expect(result.write, name).toMatchObject({ ok: false, code: '42501' });
      if (name === 'anon') {
        expect(result.read, name).toMatchObject({ ok: false, code: '42501' });
      } else {
        expect(result.read.ok, name).toBe(true);
        if (result.read.ok) {
          const owners = new Set(result.read.value.rows.map((r) => r.user_id));
          expect([...owners], name).toEqual([callers[name].id]);
        }
      }
    }
  });
});

describe('submit_investment', () => {
  const allowed: CallerName[] = ['investorA', 'investorB', 'adminFlag'];

  it.each(callerNames)('as %s', async (name) => {
    await asActor(db, whoIs(callers, name), async (tx) => {
      const who = whoIs(callers, name);
      if (typeof who === 'object') await makeReady(tx, who);
      const idempotencyKey = key();
      const result = await tryQuery<StoredInvestment>(tx, submit, [
        openOpportunity.id,
        500_000,
        'card',
        idempotencyKey,
      ]);
      if (name === 'anon' || name === 'service_role') {
        expect(result).toMatchObject(refusal(actionErrors.functionDenied('submit_investment')));
        return;
      }
      if (!allowed.includes(name)) {
        expect(result).toMatchObject(refusal(actionErrors.investNotInvestor));
        return;
      }
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const row = result.value.rows[0];
      const quote = investmentQuote(500_000, 'card');
      expect(row).toMatchObject({
        user_id: callers[name as keyof Callers].id,
        opportunity_id: openOpportunity.id,
        opportunity_name: openOpportunity.name,
        method: 'card',
        status: 'Pending',
        decided_at: null,
        reason: null,
        idempotency_key: idempotencyKey,
      });
      expect(Number(row?.amount_cents)).toBe(500_000);
      expect(Number(row?.management_fee_cents)).toBe(quote.managementFeeCents);
      expect(Number(row?.card_fee_cents)).toBe(quote.cardFeeCents);
      expect(Number(row?.total_cents)).toBe(quote.totalCents);
      expect(await eventsOf(tx, String(row?.id))).toEqual([
        {
          action: 'investment.submitted',
          actor_id: callers[name as keyof Callers].id,
          actor_role: name === 'adminFlag' ? 'admin' : 'investor',
          member_id: callers[name as keyof Callers].id,
          details: {
            opportunity_id: openOpportunity.id,
            amount_cents: 500_000,
            total_cents: quote.totalCents,
            method: 'card',
            status: 'Pending',
            terms_version: 'offering-terms',
          },
        },
      ]);
      // The member reads it back.
      await become(tx, callers[name as keyof Callers]);
      const mine = await tryQuery(tx, 'select id, status from public.investments where id = $1', [row?.id]);
      expect(mine).toMatchObject({ ok: true, value: { rows: [{ id: row?.id, status: 'Pending' }] } });
    });
  });

  it('computes the fees as investmentQuote does, for every case of the domain’s fee tests', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      await makeReady(tx, callers.investorA);
      for (const c of investmentQuoteCases.filter((q) => q.amountCents > 0)) {
        for (const method of ['bank', 'card'] as const) {
          const result = await tryQuery<StoredInvestment>(tx, submit, [
            openOpportunity.id,
            c.amountCents,
            method,
            key(),
          ]);
          expect(result.ok, `${c.name} ${method}`).toBe(true);
          if (!result.ok) continue;
          const row = result.value.rows[0];
          const want = investmentQuote(c.amountCents, method);
          expect(
            {
              management: Number(row?.management_fee_cents),
              card: Number(row?.card_fee_cents),
              total: Number(row?.total_cents),
            },
            `${c.name} ${method}`,
          ).toEqual({ management: want.managementFeeCents, card: want.cardFeeCents, total: want.totalCents });
        }
      }
    });
  });

  it('answers the same row for the same idempotency key, and records one event', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      await makeReady(tx, callers.investorA);
      const idempotencyKey = key();
      const first = await tryQuery<StoredInvestment>(tx, submit, [openOpportunity.id, 250_000, 'bank', idempotencyKey]);
      const again = await tryQuery<StoredInvestment>(tx, submit, [openOpportunity.id, 250_000, 'bank', idempotencyKey]);
      // The same key with another body is refused with its own error, neither a second investment nor the first.
      const changed = await tryQuery<StoredInvestment>(tx, submit, [
        openOpportunity.id,
        999_900,
        'card',
        idempotencyKey,
      ]);
      expect(changed).toMatchObject(refusal(actionErrors.investmentKeyReused));
      expect(first.ok && again.ok).toBe(true);
      if (!first.ok || !again.ok) return;
      const id = first.value.rows[0]?.id;
      expect(again.value.rows[0]?.id).toBe(id);
      await tx.exec('reset role');
      const count = await tx.query<{ n: number }>(
        'select count(*)::int as n from public.investments where idempotency_key = $1',
        [idempotencyKey],
      );
      expect(count.rows).toEqual([{ n: 1 }]);
      expect((await eventsOf(tx, String(id))).map((e) => e.action)).toEqual(['investment.submitted']);
      // Another member with the same key makes their own investment: the key is unique per member.
      await makeReady(tx, callers.investorB);
      const other = await tryQuery<StoredInvestment>(tx, submit, [openOpportunity.id, 250_000, 'bank', idempotencyKey]);
      expect(other.ok).toBe(true);
      if (other.ok) expect(other.value.rows[0]?.id).not.toBe(id);
    });
  });

  it.each([
    ['a zero amount', [openOpportunity.id, 0, 'bank', 'key'], actionErrors.badAmount],
    ['a negative amount', [openOpportunity.id, -500, 'bank', 'key'], actionErrors.badAmount],
    ['no amount', [openOpportunity.id, null, 'bank', 'key'], actionErrors.badAmount],
    ['an unknown method', [openOpportunity.id, 500_000, 'crypto', 'key'], actionErrors.quoteBadMethod],
    ['no method', [openOpportunity.id, 500_000, null, 'key'], actionErrors.quoteBadMethod],
    ['no idempotency key', [openOpportunity.id, 500_000, 'bank', null], actionErrors.idempotencyKeyRequired],
    ['an unknown opportunity', ['no-such-opportunity', 500_000, 'bank', 'key'], actionErrors.unknownOpportunity],
    ['no opportunity', [null, 500_000, 'bank', 'key'], actionErrors.unknownOpportunity],
    ['a closed opportunity', [closedOpportunity.id, 500_000, 'bank', 'key'], actionErrors.opportunityClosed],
  ] as const)('refuses %s, and stores nothing', async (_what, args, error) => {
    await asActor(db, callers.investorA, async (tx) => {
      await makeReady(tx, callers.investorA);
      const params = args.map((a) => (a === 'key' ? key() : a));
      expect(await tryQuery(tx, submit, params)).toMatchObject(refusal(error));
      await tx.exec('reset role');
      const { rows } = await tx.query(`select 1 from public.investments where user_id = $1 and status = 'Pending'`, [
        callers.investorA.id,
      ]);
      expect(rows).toEqual([]);
    });
  });

  it.each([
    ['without a wallet', { wallet: false }, actionErrors.investWalletMissing],
    ['without an approved KYC', { kyc: false }, actionErrors.investKycNotApproved],
    ['without a first on-ramp', { onramp: false }, actionErrors.investOnrampMissing],
    [
      'with nothing done, naming the wallet first',
      { wallet: false, kyc: false, onramp: false },
      actionErrors.investWalletMissing,
    ],
  ] as const)('refuses an investor %s (the readiness gate, on the server)', async (_what, steps, error) => {
    await asActor(db, callers.investorB, async (tx) => {
      await makeReady(tx, callers.investorB, steps);
      expect(await tryQuery(tx, submit, [openOpportunity.id, 500_000, 'bank', key()])).toMatchObject(refusal(error));
    });
  });

  it('refuses a fresh investor (the fixture’s profile) at the gate', async () => {
    const result = await asActor(db, callers.investorA, (tx) =>
      tryQuery(tx, submit, [openOpportunity.id, 500_000, 'bank', key()]),
    );
    expect(result).toMatchObject(refusal(actionErrors.investWalletMissing));
  });
});

describe('review_investment', () => {
  const reviewers: CallerName[] = ['eq_spv_admin', 'adminFlag'];

  it.each(callerNames)('as %s', async (name) => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      const who = whoIs(callers, name);
      await become(tx, who);
      const result = await tryQuery<StoredInvestment>(tx, review, [row.id, 'confirmed', null]);
      if (name === 'anon' || name === 'service_role') {
        expect(result).toMatchObject(refusal(actionErrors.functionDenied('review_investment')));
        return;
      }
      if (!reviewers.includes(name)) {
        expect(result).toMatchObject(refusal(actionErrors.investmentReviewDenied));
        return;
      }
      expect(result).toMatchObject({ ok: true, value: { rows: [{ id: row.id, status: 'Active', reason: null }] } });
      if (result.ok) expect(result.value.rows[0]?.decided_at).toBeInstanceOf(Date);
      const events = await eventsOf(tx, row.id);
      expect(events.map((e) => [e.action, e.actor_id, e.member_id])).toEqual([
        ['investment.submitted', callers.investorA.id, callers.investorA.id],
        ['investment.confirmed', callers[name as keyof Callers].id, callers.investorA.id],
      ]);
      const notes = await tx.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and title = 'Investment confirmed'`,
        [callers.investorA.id],
      );
      expect(notes.rows).toEqual([
        {
          title: 'Investment confirmed',
          body: `Your investment in ${openOpportunity.name} is confirmed and now active.`,
        },
      ]);
    });
  });

  it('rejects with a reason, which the member is told', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      await become(tx, callers.eq_spv_admin);
      const result = await tryQuery<StoredInvestment>(tx, review, [row.id, 'rejected', '  Source of funds unclear.  ']);
      expect(result).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Rejected', reason: 'Source of funds unclear.' }] },
      });
      const events = await eventsOf(tx, row.id);
      expect(events[1]).toMatchObject({
        action: 'investment.rejected',
        details: { status: 'Rejected', reason: 'Source of funds unclear.' },
      });
      const notes = await tx.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and title = 'Investment not accepted'`,
        [callers.investorA.id],
      );
      expect(notes.rows).toEqual([
        investmentNotification('rejected', openOpportunity.name, 'Source of funds unclear.'),
      ]);
    });
  });

  it.each([
    ['a rejection without a reason', 'rejected', null, actionErrors.investmentReasonRequired],
    ['a rejection with a blank reason', 'rejected', '   ', actionErrors.investmentReasonRequired],
    ['an unknown decision', 'approved', null, actionErrors.investmentBadDecision],
    ['no decision', null, null, actionErrors.investmentBadDecision],
    ['a reason over 500 characters', 'rejected', 'x'.repeat(501), actionErrors.reasonTooLong],
  ] as const)('refuses %s', async (_what, decision, reason, error) => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, decision, reason])).toMatchObject(refusal(error));
    });
  });

  it('refuses an unknown investment, and one that is no longer Pending', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [key(), 'confirmed', null])).toMatchObject(
        refusal(actionErrors.noSuchInvestment),
      );
      expect(await tryQuery(tx, review, [null, 'confirmed', null])).toMatchObject(
        refusal(actionErrors.investmentIdRequired),
      );
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject({ ok: true });
      expect(await tryQuery(tx, review, [row.id, 'rejected', 'Too late'])).toMatchObject(
        refusal(actionErrors.investmentNotPending),
      );
      expect((await eventsOf(tx, row.id)).map((e) => e.action)).toEqual([
        'investment.submitted',
        'investment.confirmed',
      ]);
    });
  });
});

describe('cancel_investment', () => {
  it.each(callerNames)('as %s, on investorA’s pending investment', async (name) => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      await become(tx, whoIs(callers, name));
      const result = await tryQuery<StoredInvestment>(tx, cancel, [row.id]);
      if (name === 'anon' || name === 'service_role') {
        expect(result).toMatchObject(refusal(actionErrors.functionDenied('cancel_investment')));
      } else if (name !== 'investorA') {
        // Someone else's investment answers as if it did not exist, staff included.
        expect(result).toMatchObject(refusal(actionErrors.noSuchInvestment));
      } else {
        expect(result).toMatchObject({ ok: true, value: { rows: [{ id: row.id, status: 'Cancelled' }] } });
        if (result.ok) expect(result.value.rows[0]?.decided_at).toBeInstanceOf(Date);
      }
      const events = await eventsOf(tx, row.id);
      expect(events.map((e) => e.action)).toEqual(
        name === 'investorA' ? ['investment.submitted', 'investment.cancelled'] : ['investment.submitted'],
      );
      if (name === 'investorA') {
        expect(events[1]).toMatchObject({ actor_id: callers.investorA.id, member_id: callers.investorA.id });
      }
    });
  });

  it('lets the admin flag cancel its own investment', async () => {
    await asActor(db, callers.adminFlag, async (tx) => {
      const row = await submitted(tx, callers.adminFlag);
      expect(await tryQuery(tx, cancel, [row.id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Cancelled' }] },
      });
    });
  });

  it('answers the cancelled row again on a retry, and records nothing new', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      expect(await tryQuery(tx, cancel, [row.id])).toMatchObject({ ok: true });
      await become(tx, callers.investorA);
      expect(await tryQuery(tx, cancel, [row.id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Cancelled' }] },
      });
      expect((await eventsOf(tx, row.id)).map((e) => e.action)).toEqual([
        'investment.submitted',
        'investment.cancelled',
      ]);
    });
  });

  it(`is open for ${CANCELLATION_WINDOW_DAYS} days after submitting, and then closed`, async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const inside = await submitted(tx, callers.investorA);
      const outside = await submitted(tx, callers.investorA, 300_000);
      await tx.exec('reset role');
      await tx.query(`update public.investments set submitted_at = now() - $2::interval where id = $1`, [
        inside.id,
        `${CANCELLATION_WINDOW_DAYS} days -1 minute`,
      ]);
      await tx.query(`update public.investments set submitted_at = now() - $2::interval where id = $1`, [
        outside.id,
        `${CANCELLATION_WINDOW_DAYS} days`,
      ]);
      await become(tx, callers.investorA);
      expect(await tryQuery(tx, cancel, [inside.id])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Cancelled' }] },
      });
      expect(await tryQuery(tx, cancel, [outside.id])).toMatchObject(refusal(actionErrors.cancellationWindowOver));
      expect((await eventsOf(tx, outside.id)).map((e) => e.action)).toEqual(['investment.submitted']);
    });
  });

  it('refuses an investment that is no longer Pending, and an unknown one', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const row = await submitted(tx, callers.investorA);
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject({ ok: true });
      await become(tx, callers.investorA);
      expect(await tryQuery(tx, cancel, [row.id])).toMatchObject(refusal(actionErrors.investmentNotCancellable));
      expect(await tryQuery(tx, cancel, [key()])).toMatchObject(refusal(actionErrors.noSuchInvestment));
      expect(await tryQuery(tx, cancel, [null])).toMatchObject(refusal(actionErrors.investmentIdRequired));
    });
  });
});

describe('the audit trail', () => {
  it('still verifies after submissions, reviews and cancellations', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const a = await submitted(tx, callers.investorA);
      const b = await submitted(tx, callers.investorA, 100_000);
      await become(tx, callers.eq_spv_admin);
      await tryQuery(tx, review, [a.id, 'rejected', 'No']);
      await become(tx, callers.investorA);
      await tryQuery(tx, cancel, [b.id]);
      await become(tx, 'service_role');
      expect((await eventsOf(tx, a.id)).map((e) => e.action)).toEqual(['investment.submitted', 'investment.rejected']);
      await become(tx, 'service_role');
      const { rows } = await tx.query('select public.audit_verify() as broken');
      expect(rows).toEqual([{ broken: null }]);
    });
  });
});
