import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  CANCELLATION_WINDOW_DAYS,
  currentQuestionnaire,
  investmentQuote,
  investorCategories,
  isUkCategory,
  sampleSharedRows,
  skipsReflectionPeriod,
  validOfferingDetails,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * Investments (docs/security.md "Rules the server holds", M1, M2, M6 and L2): nobody reviews their
 * own; confirming re-checks the investor's KYC and the opportunity; a retail investor's
 * subscription is confirmed only after its reflection period; submitting records the acceptance of
 * the offering's subscription terms; a reused idempotency key with other arguments is refused.
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
const opportunity = sampleSharedRows.opportunities.find((o) => o.open && o.spv_id === 'spv-equity');
if (!opportunity) throw new Error('no open equity sample opportunity');
const dayMs = 24 * 60 * 60 * 1000;

type Category = 'retail' | 'professional' | 'corporate';

/**
 * Makes `member` ready to invest (wallet, approved KYC, cash, the opportunity open to all) with a
 * declaration of `category` (a professional status as given; a retail investor has passed the
 * questions), then acts as them.
 */
async function ready(
  tx: Transaction,
  member: Account,
  category: Category,
  professional: 'pending' | 'approved' | null = null,
): Promise<void> {
  await tx.exec('reset role');
  await tx.query(
    `update public.profiles set crossmint_wallet_id = 'wallet-' || id, kyc_status = 'approved', first_onramp_ok = true
     where id = $1`,
    [member.id],
  );
  await tx.query(
    'update public.opportunities set eligible_countries = null, eligible_categories = null, min_ticket_cents = null where id = $1',
    [opportunity?.id],
  );
  await tx.query(
    `insert into public.investor_profiles (member_id, country, category, professional_status) values ($1, 'DE', $2, $3)
     on conflict (member_id) do update set category = excluded.category, professional_status = excluded.professional_status`,
    [member.id, category, professional],
  );
  await tx.query(
    `insert into public.appropriateness_assessments (member_id, version, answers, score, passed) values ($1, $2, '{}', 100, true)`,
    [member.id, currentQuestionnaire.version],
  );
  await become(tx, 'service_role');
  const ref = `pi_ready_${crypto.randomUUID()}`;
  await tx.query('select public.record_payment($1, $2, 100000000, $3, $4, $5)', [
    member.id,
    ref,
    'EUR',
    'settled',
    `evt_${ref}`,
  ]);
  await become(tx, member);
}

async function submitted(tx: Transaction, key = crypto.randomUUID()) {
  const { rows } = await tx.query<{ id: string; submitted_at: Date; status: string }>(submit, [
    opportunity?.id,
    500_000,
    'bank',
    key,
  ]);
  const row = rows[0];
  if (!row) throw new Error('no investment');
  return row;
}

async function statusOf(tx: Transaction, id: string): Promise<string | undefined> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ status: string }>('select status from public.investments where id = $1', [id]);
  return rows[0]?.status;
}

function refusal(error: { code: string; message: string }) {
  return { ok: false, code: error.code, message: error.message };
}

describe('four eyes: nobody reviews their own investment', () => {
  it('an investor with the admin flag neither confirms nor rejects their own; an SPV administrator confirms it', async () => {
    const me = callers.adminFlag;
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const row = await submitted(tx);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject(
        refusal(actionErrors.investmentSelfReview),
      );
      expect(await tryQuery(tx, review, [row.id, 'rejected', 'Mine.'])).toMatchObject(
        refusal(actionErrors.investmentSelfReview),
      );
      expect(await statusOf(tx, row.id)).toBe('Pending');
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Active' }] },
      });
    });
  });
});

describe('confirming checks the investor and the opportunity again', () => {
  it('refuses when the investor’s KYC is no longer approved; a rejection still goes through', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const row = await submitted(tx);
      await tx.exec('reset role');
      await tx.query(`update public.profiles set kyc_status = 'rejected' where id = $1`, [me.id]);
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject(
        refusal(actionErrors.investmentKycNoLongerApproved),
      );
      expect(await statusOf(tx, row.id)).toBe('Pending');
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'rejected', 'KYC withdrawn.'])).toMatchObject({ ok: true });
    });
  });

  it('refuses when the opportunity no longer accepts investments', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const row = await submitted(tx);
      await tx.exec('reset role');
      await tx.query(`update public.opportunities set status = 'closed', open = false where id = $1`, [
        opportunity?.id,
      ]);
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject(
        refusal(actionErrors.investmentOpportunityNoLongerOpen),
      );
      expect(await statusOf(tx, row.id)).toBe('Pending');
    });
  });
});

describe('the reflection period', () => {
  const windowOf = async (tx: Transaction, id: string) => {
    await become(tx, callers.eq_spv_admin);
    const { rows } = await tx.query<{ id: string; submitted_at: Date; window_ends_at: Date }>(
      `select id, submitted_at, window_ends_at from public.list_subscriptions('Pending', null, 200) where id = $1`,
      [id],
    );
    return rows[0];
  };

  it('a retail investor’s subscription is confirmed only once its 4 days are over', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'retail');
      const row = await submitted(tx);
      const listed = await windowOf(tx, row.id);
      expect(listed?.window_ends_at.getTime()).toBe(row.submitted_at.getTime() + CANCELLATION_WINDOW_DAYS * dayMs);
      expect(await tryQuery(tx, review, [row.id, 'confirmed', null])).toMatchObject(
        refusal(actionErrors.investmentReflectionPeriod),
      );
      // A rejection does not wait.
      await tx.exec('savepoint before_reject');
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, review, [row.id, 'rejected', 'Not for this offering.'])).toMatchObject({ ok: true });
      await tx.exec('rollback to savepoint before_reject');
      // Four days later (one second short, then past it).
      for (const [shift, ok] of [
        [`${CANCELLATION_WINDOW_DAYS} days - 1 second`, false],
        [`${CANCELLATION_WINDOW_DAYS} days`, true],
      ] as const) {
        await tx.exec('reset role');
        await tx.query(`update public.investments set submitted_at = now() - $2::interval where id = $1`, [
          row.id,
          shift,
        ]);
        await become(tx, callers.eq_spv_admin);
        const result = await tryQuery(tx, review, [row.id, 'confirmed', null]);
        if (ok) expect(result).toMatchObject({ ok: true, value: { rows: [{ status: 'Active' }] } });
        else expect(result).toMatchObject(refusal(actionErrors.investmentReflectionPeriod));
      }
    });
  });

  it.each([
    ['a professional awaiting compliance counts as retail', 'professional', 'pending', true],
    ['an approved professional is confirmed at once', 'professional', 'approved', false],
    ['a company is confirmed at once', 'corporate', null, false],
  ] as const)('%s', async (_what, category, professional, waits) => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, category, professional);
      const row = await submitted(tx);
      const listed = await windowOf(tx, row.id);
      expect(listed?.window_ends_at.getTime()).toBe(row.submitted_at.getTime() + (waits ? 4 * dayMs : 0));
      const result = await tryQuery(tx, review, [row.id, 'confirmed', null]);
      if (waits) expect(result).toMatchObject(refusal(actionErrors.investmentReflectionPeriod));
      else expect(result).toMatchObject({ ok: true, value: { rows: [{ status: 'Active' }] } });
    });
  });
});

describe('the reflection period, by investor category (skipsReflectionPeriod)', () => {
  it.each(investorCategories)('%s', async (category) => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await tx.exec('reset role');
      await tx.query(
        `insert into public.investor_profiles (member_id, country, category, professional_status) values ($1, $2, $3, $4)`,
        [me.id, isUkCategory(category) ? 'GB' : 'DE', category, category === 'professional' ? 'approved' : null],
      );
      const { rows } = await tx.query<{ seconds: string }>(
        `with i as (
           insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
             card_fee_cents, total_cents, method)
           values ($1, $2, 'Test', 100000, 0, 0, 100000, 'bank') returning *)
         select extract(epoch from public.investment_window_ends_at(i) - i.submitted_at)::text as seconds from i`,
        [me.id, opportunity?.id],
      );
      expect(Number(rows[0]?.seconds)).toBe(
        skipsReflectionPeriod(category) ? 0 : (CANCELLATION_WINDOW_DAYS * dayMs) / 1000,
      );
    });
  });
});

describe('an offering’s close waits for its subscriptions’ reflection periods', () => {
  it('close_offering refuses and the schedule waits while one is running; the schedule issues once it ends', async () => {
    const retail = await createUser(db);
    await asOwner(db, async (tx) => {
      await become(tx, callers.eq_spv_admin);
      const created = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
        JSON.stringify(validOfferingDetails),
      ]);
      const id = created.rows[0]?.id ?? '';
      await tx.query('select public.submit_offering($1)', [id]);
      await become(tx, callers.mfo_admin);
      await tx.query('select public.approve_offering($1)', [id]);
      // A retail investor's subscription of the whole minimum, made a day ago.
      await tx.exec('reset role');
      const amount = validOfferingDetails.min_target_cents;
      const quote = investmentQuote(amount, 'bank');
      const held = await tx.query<{ id: string }>(
        `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
           card_fee_cents, total_cents, method, status, submitted_at)
         values ($1, $2, 'Offering', $3, $4, $5, $6, 'bank', 'Pending', now() - interval '1 day') returning id`,
        [retail.id, id, amount, quote.managementFeeCents, quote.cardFeeCents, quote.totalCents],
      );
      await become(tx, callers.eq_spv_admin);
      expect(await tryQuery(tx, 'select public.close_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringReflectionPending),
      );
      await tx.exec('reset role');
      await tx.query(`update public.opportunities set deadline_at = now() - interval '1 minute' where id = $1`, [id]);
      const schedule = async () => {
        await become(tx, 'service_role');
        const { rows } = await tx.query<{ done: { issued: number } }>('select public.run_offering_schedule() as done');
        await tx.exec('reset role');
        const status = await tx.query<{ status: string }>('select status from public.opportunities where id = $1', [
          id,
        ]);
        return { issued: rows[0]?.done.issued, status: status.rows[0]?.status };
      };
      expect(await schedule()).toEqual({ issued: 0, status: 'open' });
      await tx.query(`update public.investments set submitted_at = now() - interval '4 days' where id = $1`, [
        held.rows[0]?.id,
      ]);
      expect(await schedule()).toEqual({ issued: 1, status: 'issued' });
      expect(await statusOf(tx, held.rows[0]?.id ?? '')).toBe('Active');
    });
  });
});

describe('submitting signs the offering’s subscription terms', () => {
  const acceptances = 'select * from public.subscription_acceptances where investment_id = $1';

  it('records the terms the offering has (its subscription_terms document), when, in the same transaction', async () => {
    const me = await createUser(db);
    const sha = 'ab'.repeat(32);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      await tx.exec('reset role');
      await tx.query(`update public.opportunities set documents = $2::jsonb where id = $1`, [
        opportunity?.id,
        JSON.stringify([
          { kind: 'key_information', name: 'Key information sheet', sha256: 'cd'.repeat(32) },
          { kind: 'subscription_terms', name: 'Subscription terms 2026-03', sha256: sha },
        ]),
      ]);
      await become(tx, me);
      const key = crypto.randomUUID();
      const row = await submitted(tx, key);
      const { rows } = await tx.query(acceptances, [row.id]);
      expect(rows).toEqual([
        {
          investment_id: row.id,
          member_id: me.id,
          opportunity_id: opportunity?.id,
          terms_version: 'Subscription terms 2026-03',
          terms_sha256: sha,
          accepted_at: row.submitted_at,
        },
      ]);
      // A retry signs nothing more; a refused submission signs nothing.
      await submitted(tx, key);
      expect(await tryQuery(tx, submit, [opportunity?.id, 1, 'bank', key])).toMatchObject(
        refusal(actionErrors.investmentKeyReused),
      );
      await tx.exec('reset role');
      const all = await tx.query('select 1 from public.subscription_acceptances where member_id = $1', [me.id]);
      expect(all.rows).toHaveLength(1);
    });
  });

  it('an offering without the document: the SHA-256 of its terms as the server holds them', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const row = await submitted(tx);
      const { rows } = await tx.query<{ terms_version: string; terms_sha256: string }>(acceptances, [row.id]);
      await tx.exec('reset role');
      const expected = await tx.query<{ sha: string }>(
        `select encode(sha256(convert_to(public.offering_terms(o)::text, 'UTF8')), 'hex') as sha
         from public.opportunities o where o.id = $1`,
        [opportunity?.id],
      );
      expect(rows[0]).toMatchObject({ terms_version: 'offering-terms', terms_sha256: expected.rows[0]?.sha });
      expect(rows[0]?.terms_sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it.each(callerNames)('who reads an acceptance: as %s', async (name: CallerName) => {
    const me = callers.investorA;
    const result = await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const row = await submitted(tx);
      await become(tx, whoIs(callers, name));
      return {
        read: await tryQuery(tx, 'select investment_id from public.subscription_acceptances where investment_id = $1', [
          row.id,
        ]),
        write: await tryQuery(tx, 'delete from public.subscription_acceptances'),
      };
    });
    expect(result.write, name).toMatchObject({ ok: false, code: '42501' });
    if (name === 'anon') expect(result.read).toMatchObject({ ok: false, code: '42501' });
    else {
      const sees = ['investorA', 'compliance', 'mfo_admin', 'adminFlag', 'service_role'].includes(name);
      expect(result.read.ok && result.read.value.rows.length, name).toBe(sees ? 1 : 0);
    }
  });
});

describe('a reused idempotency key', () => {
  it.each([
    ['another opportunity', (o: string) => [`${o}-other`, 500_000, 'bank']],
    ['another amount', (o: string) => [o, 500_001, 'bank']],
    ['another method', (o: string) => [o, 500_000, 'card']],
  ] as const)('with %s is refused with its own error, and the first investment is unchanged', async (_w, args) => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await ready(tx, me, 'corporate');
      const key = crypto.randomUUID();
      const first = await submitted(tx, key);
      expect(await tryQuery(tx, submit, [...args(opportunity?.id ?? ''), key])).toMatchObject(
        refusal(actionErrors.investmentKeyReused),
      );
      await become(tx, me);
      expect((await submitted(tx, key)).id).toBe(first.id);
    });
  });

  it('request_withdrawal refuses one with another amount too', async () => {
    const me = await createUser(db);
    await asOwner(db, async (tx) => {
      await ready(tx, me, 'corporate');
      const key = crypto.randomUUID();
      await tx.query('select public.request_withdrawal(1000, $1)', [key]);
      expect(await tryQuery(tx, 'select public.request_withdrawal(2000, $1)', [key])).toMatchObject(
        refusal(actionErrors.withdrawalKeyReused),
      );
    });
  });
});
