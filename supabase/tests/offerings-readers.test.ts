import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, type BackendError, investmentQuote, staffQueueKeys, validOfferingDetails } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, type Who } from './db';
import { makeReadyToInvest, recordPayment } from './ledgerSupport';
import { call, type Members, type Name, names, offeringSteps, offeringsWorld, refusal } from './offeringsSupport';

/**
 * The staff's readers of supabase/schemas/12_offerings.sql: list_offerings, offering_spvs,
 * offering_subscriptions (each subscription's hold in the ledger), subscription_evidence and
 * staff_queues, every one as every caller; an SPV administrator sees only their own SPVs'.
 */

let db: PGlite;
let m: Members;
const { who, opened } = offeringSteps(() => m);

beforeAll(async () => {
  ({ db, m } = await offeringsWorld());
});

afterAll(async () => {
  await db?.close();
});

async function rowsOf(tx: Transaction, by: Who, sql: string, params: unknown[] = []) {
  const result = await call(tx, by, sql, params);
  if (!result.ok) throw new Error(`${sql}: ${result.message}`);
  return result.value.rows;
}

/** A subscription as submit_investment stores it; `funded` holds its total in the ledger first. */
async function subscribe(tx: Transaction, member: Account, offering: string, amount: number, funded: boolean) {
  await tx.exec('reset role');
  const quote = investmentQuote(amount, 'bank');
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
       card_fee_cents, total_cents, method, status)
     values ($1, $2, 'Porto Heat Network', $3, $4, $5, $6, 'bank', $7) returning id`,
    [
      member.id,
      offering,
      amount,
      quote.managementFeeCents,
      quote.cardFeeCents,
      quote.totalCents,
      funded ? 'Pending' : 'Awaiting payment',
    ],
  );
  const id = rows[0]?.id ?? '';
  if (funded) {
    await makeReadyToInvest(tx, member);
    await recordPayment(tx, member, `pay_${id}`, quote.totalCents, 'settled');
    await tx.exec('reset role');
    const held = await tx.query<{ held: boolean }>(
      'select public.ledger_hold_investment(i) as held from public.investments i where i.id = $1',
      [id],
    );
    expect(held.rows[0]?.held).toBe(true);
  }
  return { id, quote };
}

// -----------------------------------------------------------------------------------------------
describe('every reader × every caller', () => {
  const consoleReaders: Name[] = ['mfo_admin', 'compliance', 'eq', 'cl', 'prod', 'eqOther', 'adminFlag'];
  interface Row {
    fn: string;
    allowed: readonly Name[];
    denied: BackendError;
    run: (tx: Transaction, caller: Who) => Promise<{ ok: boolean }>;
  }
  const rows: Row[] = [
    {
      fn: 'list_offerings',
      allowed: consoleReaders,
      denied: actionErrors.offeringConsoleDenied,
      run: (tx, caller) => call(tx, caller, 'select * from public.list_offerings(null)'),
    },
    {
      fn: 'offering_spvs',
      allowed: consoleReaders,
      denied: actionErrors.offeringConsoleDenied,
      run: (tx, caller) => call(tx, caller, 'select * from public.offering_spvs()'),
    },
    {
      fn: 'offering_subscriptions',
      // eqOther reads a console, but this offering is another SPV's: unknown to them (below).
      allowed: ['mfo_admin', 'compliance', 'eq', 'adminFlag'],
      denied: actionErrors.offeringConsoleDenied,
      run: async (tx, caller) =>
        call(tx, caller, 'select * from public.offering_subscriptions($1)', [await opened(tx)]),
    },
    {
      fn: 'subscription_evidence',
      allowed: ['eq', 'adminFlag'],
      denied: actionErrors.subscriptionEvidenceDenied,
      run: async (tx, caller) => {
        const { id } = await subscribe(tx, m.investor, await opened(tx), 100_000, false);
        return call(tx, caller, 'select public.subscription_evidence($1)', [id]);
      },
    },
    {
      fn: 'staff_queues',
      allowed: ['mfo_admin', 'compliance', 'eq', 'cl', 'prod', 'eqOther', 'adminFlag'],
      denied: actionErrors.staffQueuesDenied,
      run: (tx, caller) => call(tx, caller, 'select public.staff_queues()'),
    },
  ];
  const unknownToThem: Record<string, Partial<Record<Name, BackendError>>> = {
    offering_subscriptions: {
      eqOther: actionErrors.noSuchOffering,
      cl: actionErrors.noSuchOffering,
      prod: actionErrors.noSuchOffering,
    },
    subscription_evidence: {
      eqOther: actionErrors.noSuchInvestment,
      cl: actionErrors.noSuchInvestment,
      prod: actionErrors.noSuchInvestment,
    },
  };

  const cases = rows.flatMap((row) => names.map((caller) => ({ fn: row.fn, caller })));
  it.each(cases)('$fn as $caller', async ({ fn, caller }) => {
    const row = rows.find((r) => r.fn === fn);
    if (!row) throw new Error(fn);
    const result = await asActor(db, 'service_role', (tx) => row.run(tx, who(caller)));
    const unknown = unknownToThem[fn]?.[caller];
    if (row.allowed.includes(caller)) expect(result).toMatchObject({ ok: true });
    else if (caller === 'anon' || caller === 'service_role')
      expect(result).toMatchObject(refusal(actionErrors.functionDenied(fn)));
    else if (unknown) expect(result).toMatchObject(refusal(unknown));
    else expect(result).toMatchObject(refusal(row.denied));
  });
});

// -----------------------------------------------------------------------------------------------
describe('list_offerings and offering_spvs', () => {
  it('an SPV administrator lists only their own SPVs’ offerings, drafts included; staff list every one', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const id = await opened(tx);
      await become(tx, m.eqOther);
      const other = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
        JSON.stringify({ ...validOfferingDetails, spv_id: 'spv-equity-2', name: 'Second draft' }),
      ]);
      const draft = other.rows[0]?.id ?? '';

      const ids = async (by: Who, status: string | null = null) =>
        (await rowsOf(tx, by, 'select id from public.list_offerings($1)', [status])).map((r) => r.id);
      expect(await ids(m.eq)).toContain(id);
      expect(await ids(m.eq)).not.toContain(draft);
      expect(await ids(m.eqOther)).toContain(draft);
      expect(await ids(m.eqOther)).not.toContain(id);
      expect(await ids(m.cl)).not.toContain(id);
      for (const staff of [m.mfo_admin, m.compliance, m.adminFlag]) {
        expect(await ids(staff)).toEqual(expect.arrayContaining([id, draft]));
      }
      expect(await ids(m.compliance, 'draft')).toContain(draft);
      expect(await ids(m.compliance, 'draft')).not.toContain(id);

      const [row] = await rowsOf(tx, m.eq, 'select * from public.list_offerings($1) where id = $2', ['open', id]);
      expect(row).toMatchObject({
        offering_status: 'open',
        spv_name: expect.any(String),
        unit_price_cents: validOfferingDetails.unit_price_cents,
        allocation_rule: 'pro_rata',
        held_cents: 0,
        subscriptions: 0,
        submitted_by_me: true,
        reason: null,
      });
      const [forReviewer] = await rowsOf(
        tx,
        m.mfo_admin,
        'select submitted_by_me from public.list_offerings(null) where id = $1',
        [id],
      );
      expect(forReviewer).toEqual({ submitted_by_me: false });

      const bad = await call(tx, m.eq, 'select * from public.list_offerings($1)', ['approved']);
      expect(bad).toMatchObject({ ok: false, code: '22023', message: 'status is not an offering status' });
    });
  });

  it('offering_spvs: an SPV administrator their own, the admin flag every one, other staff none', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const spvs = async (by: Who) => (await rowsOf(tx, by, 'select id from public.offering_spvs()')).map((r) => r.id);
      expect(await spvs(m.eq)).toEqual(['spv-equity']);
      expect(await spvs(m.eqOther)).toEqual(['spv-equity-2']);
      expect(await spvs(m.adminFlag)).toEqual(expect.arrayContaining(['spv-equity', 'spv-equity-2']));
      expect(await spvs(m.mfo_admin)).toEqual([]);
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('offering_subscriptions', () => {
  it('shows each subscription with its hold: held, awaiting payment, then posted and allocated after closing', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const id = await opened(tx);
      const funded = await subscribe(tx, m.investor, id, 60_000_000, true);
      const waiting = await subscribe(tx, m.compliance, id, 200_000, false);
      const read = async () =>
        rowsOf(
          tx,
          m.eq,
          // Made in one transaction, both were submitted at the same time: order them here.
          `select investment_id, status, hold, held_cents, allocated_units, allocated_cents
           from public.offering_subscriptions($1) order by status desc`,
          [id],
        );
      expect(await read()).toEqual([
        {
          investment_id: funded.id,
          status: 'Pending',
          hold: 'held',
          held_cents: funded.quote.totalCents,
          allocated_units: null,
          allocated_cents: null,
        },
        {
          investment_id: waiting.id,
          status: 'Awaiting payment',
          hold: 'none',
          held_cents: 0,
          allocated_units: null,
          allocated_cents: null,
        },
      ]);
      await become(tx, m.eq);
      await tx.query('select public.close_offering($1)', [id]);
      const closed = (await read()).find((r) => r.investment_id === funded.id);
      expect(closed).toEqual({
        investment_id: funded.id,
        status: 'Active',
        hold: 'posted',
        held_cents: 0,
        allocated_units: 6_000,
        allocated_cents: 60_000_000,
      });
    });
  });

  it('answers another SPV’s offering and an unknown one as unknown', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const id = await opened(tx);
      for (const [by, offering] of [
        [m.eqOther, id],
        [m.eq, 'no-such-offering'],
      ] as const) {
        expect(await call(tx, by, 'select * from public.offering_subscriptions($1)', [offering])).toMatchObject(
          refusal(actionErrors.noSuchOffering),
        );
      }
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('subscription_evidence', () => {
  it('gives the funds, KYC, classification and agreement, and records the read', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const id = await opened(tx);
      const funded = await subscribe(tx, m.investor, id, 100_000, true);
      const [answer] = await rowsOf(tx, m.eq, 'select public.subscription_evidence($1) as e', [funded.id]);
      expect(answer?.e).toMatchObject({
        investment_id: funded.id,
        funds: 'held',
        kyc_status: 'approved',
        country: 'NL',
        category: 'corporate',
        professional_status: null,
      });
      const waiting = await subscribe(tx, m.compliance, id, 100_000, false);
      const [other] = await rowsOf(tx, m.eq, 'select public.subscription_evidence($1) as e', [waiting.id]);
      expect(other?.e).toMatchObject({ funds: 'awaiting_payment', kyc_status: 'not_started', category: null });
      await tx.exec('reset role');
      const viewed = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.audit_events
         where action = 'member.personal_data_viewed' and member_id = $1 and actor_id = $2`,
        [m.investor.id, m.eq.id],
      );
      expect(viewed.rows[0]?.n).toBe(1);
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('staff_queues', () => {
  it('counts each queue the caller works, and only those', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const queues = async (by: Who) => {
        const [row] = await rowsOf(tx, by, 'select public.staff_queues() as q');
        return row?.q as Record<string, number>;
      };
      expect(Object.keys(await queues(m.compliance)).sort()).toEqual(['kyc_cases', 'offerings_to_approve']);
      expect(Object.keys(await queues(m.mfo_admin)).sort()).toEqual(['alerts', 'offerings_to_approve']);
      expect(Object.keys(await queues(m.eq)).sort()).toEqual(['offerings_to_close', 'subscriptions']);
      expect(Object.keys(await queues(m.cl)).sort()).toEqual(['offerings_to_close']);
      expect(Object.keys(await queues(m.adminFlag)).sort()).toEqual([...staffQueueKeys].sort());

      const before = await queues(m.compliance);
      await become(tx, m.eq);
      const { rows } = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
        JSON.stringify(validOfferingDetails),
      ]);
      await tx.query('select public.submit_offering($1)', [rows[0]?.id]);
      expect((await queues(m.compliance)).offerings_to_approve).toBe((before.offerings_to_approve ?? 0) + 1);
      // Four eyes: the admin flag that submitted it has nothing of its own to approve.
      const mine = await queues(m.adminFlag);
      await become(tx, m.adminFlag);
      const own = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
        JSON.stringify(validOfferingDetails),
      ]);
      await tx.query('select public.submit_offering($1)', [own.rows[0]?.id]);
      expect((await queues(m.adminFlag)).offerings_to_approve).toBe(mine.offerings_to_approve);

      // An open offering whose minimum is held is ready to close, for its own SPV only.
      const id = await opened(tx);
      const readyBefore = (await queues(m.eq)).offerings_to_close ?? 0;
      await subscribe(tx, m.investor, id, 60_000_000, true);
      expect((await queues(m.eq)).offerings_to_close).toBe(readyBefore + 1);
      expect((await queues(m.eqOther)).offerings_to_close).toBe(0);

      await tx.exec('reset role');
      await tx.query(
        `insert into public.kyc_cases (member_id, submitted_at) values ($1, now())
         on conflict (member_id) do update set submitted_at = now(), decided_at = null`,
        [m.investor.id],
      );
      await tx.query(`update public.profiles set kyc_status = 'pending' where id = $1`, [m.investor.id]);
      expect((await queues(m.compliance)).kyc_cases).toBe((before.kyc_cases ?? 0) + 1);
    });
  });
});
