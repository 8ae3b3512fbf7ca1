import type { PGlite } from '@electric-sql/pglite';
import { demoAccounts, investmentQuote, sampleMemberRows, sampleSharedRows } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, createUser, seededDb, setDemoMode } from './db';

/**
 * Sample history belongs to the demo investor (docs/backend.md "Demo mode and the demo
 * accounts"): a new member starts with empty states and only what onboarding needs (the
 * membership agreement to sign), and the demo investor's sample investments are real, funded
 * positions in the ledger, made by seed.sql through the ledger's own functions.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

const investorRow = demoAccounts.find((a) => a.role === 'investor');
if (!investorRow) throw new Error('no demo investor');
const demoInvestor: Account = { id: investorRow.id, email: investorRow.email, role: 'investor', isAdmin: false };

/** The sample investments the demo investor holds as positions: its Active and Matured ones. */
const funded = sampleMemberRows.investments.filter((i) => i.status === 'Active' || i.status === 'Matured');
const fundedTotal = funded.reduce((sum, i) => sum + i.total_cents, 0);
const agreement = sampleMemberRows.documents.filter((d) => d.status === 'Pending');

/** What a member's per-member tables hold, by table. */
async function memberRows(memberId: string): Promise<Record<string, { id: string }[]>> {
  const out: Record<string, { id: string }[]> = {};
  for (const table of Object.keys(sampleMemberRows)) {
    const key = table === 'investments' ? 'opportunity_id' : 'id';
    const { rows } = await db.query<{ id: string }>(
      `select ${key} as id from public.${table} where user_id = $1 order by 1`,
      [memberId],
    );
    out[table] = rows;
  }
  return out;
}

describe('a new member in demo mode', () => {
  it('gets the membership agreement to sign and no sample history: no investments, notifications or upcoming actions', async () => {
    expect(agreement.map((d) => d.name)).toEqual(['Membership Agreement']);
    const member = await createUser(db);
    expect(await memberRows(member.id)).toEqual({
      documents: agreement.map((d) => ({ id: d.id })),
      investments: [],
      notifications: [],
      upcoming_actions: [],
    });
    // Nothing in the ledger or among the positions either: their screens show their empty states.
    await asActor(db, member, async (tx) => {
      expect((await tx.query('select * from public.my_positions()')).rows).toEqual([]);
      expect((await tx.query('select * from public.my_balance()')).rows).toEqual([
        { available_cents: 0, held_cents: 0, total_cents: 0 },
      ]);
      expect((await tx.query('select * from public.my_ledger_lines()')).rows).toEqual([]);
    });
  });

  it('gets nothing at all with demo mode off', async () => {
    await setDemoMode(db, false);
    try {
      const member = await createUser(db);
      expect(await memberRows(member.id)).toEqual({
        documents: [],
        investments: [],
        notifications: [],
        upcoming_actions: [],
      });
    } finally {
      await setDemoMode(db, true);
    }
  });

  it('a staff demo account owns the agreement to sign and no sample history', async () => {
    for (const account of demoAccounts.filter((a) => a.role !== 'investor')) {
      expect(await memberRows(account.id), account.role).toEqual({
        documents: agreement.map((d) => ({ id: d.id })),
        investments: [],
        notifications: [],
        upcoming_actions: [],
      });
    }
  });
});

describe('the demo investor', () => {
  it('keeps the sample documents, notifications and upcoming actions', async () => {
    const rows = await memberRows(demoInvestor.id);
    const ids = (list: readonly { id: string }[]) => list.map((r) => r.id).sort();
    expect(ids(rows.documents ?? [])).toEqual(ids(sampleMemberRows.documents));
    expect(ids(rows.notifications ?? [])).toEqual(ids(sampleMemberRows.notifications));
    expect(ids(rows.upcoming_actions ?? [])).toEqual(ids(sampleMemberRows.upcoming_actions));
  });

  it('owns its sample investments as real ones (not sample), with their statuses and dates', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select opportunity_id, amount_cents, management_fee_cents, card_fee_cents, total_cents, method, status,
              submitted_at, decided_at, sample
       from public.investments where user_id = $1 order by submitted_at`,
      [demoInvestor.id],
    );
    expect(rows).toEqual(
      [...funded]
        .sort((a, b) => a.submitted_at.localeCompare(b.submitted_at))
        .map((i) => ({
          opportunity_id: i.opportunity_id,
          amount_cents: i.amount_cents,
          management_fee_cents: i.management_fee_cents,
          card_fee_cents: i.card_fee_cents,
          total_cents: i.total_cents,
          method: i.method,
          status: i.status,
          submitted_at: new Date(i.submitted_at),
          decided_at: i.decided_at ? new Date(i.decided_at) : null,
          sample: false,
        })),
    );
  });

  it('reads its positions from the server: the units issued, their cost and fees, each term from its decision', async () => {
    const positions = await asActor(db, demoInvestor, async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        'select opportunity_id, units, cost_cents, fees_cents, value_cents, status from public.my_positions() order by opportunity_id',
      );
      return rows;
    });
    const now = Date.now();
    expect(positions).toEqual(
      [...funded]
        .sort((a, b) => a.opportunity_id.localeCompare(b.opportunity_id))
        .map((i) => {
          const opportunity = sampleSharedRows.opportunities.find((o) => o.id === i.opportunity_id);
          const unitPrice = opportunity?.unit_price_cents ?? 0;
          const units = Math.floor(i.amount_cents / unitPrice);
          const quote = investmentQuote(units * unitPrice, i.method);
          const maturesAt = new Date(i.decided_at ?? '');
          maturesAt.setUTCMonth(maturesAt.getUTCMonth() + (opportunity?.term_months ?? 0));
          return {
            opportunity_id: i.opportunity_id,
            units,
            cost_cents: units * unitPrice,
            fees_cents: quote.managementFeeCents + quote.cardFeeCents,
            value_cents: units * unitPrice,
            status: now >= maturesAt.getTime() ? 'Matured' : 'Active',
          };
        }),
    );
    expect(positions.length).toBeGreaterThan(0);
  });

  it('has a balance from the ledger: one settled deposit that paid for them, each investment posted', async () => {
    await asActor(db, demoInvestor, async (tx) => {
      // The deposit was exactly their cost: nothing left available, nothing held.
      expect((await tx.query('select * from public.my_balance()')).rows).toEqual([
        { available_cents: 0, held_cents: 0, total_cents: 0 },
      ]);
      const { rows } = await tx.query<{ description: string; amount_cents: number }>(
        'select description, amount_cents from public.my_ledger_lines() order by seq',
      );
      expect(rows[0]).toEqual({ description: 'Deposit demo:sample-history', amount_cents: fundedTotal });
      // Each investment's holds, then their posts (which move nothing more of the available cash).
      const holds = rows.filter((r) => r.amount_cents < 0);
      expect(holds.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(-fundedTotal);
      const confirmed = new Set(
        rows.filter((r) => r.description.startsWith('Investment confirmed, ')).map((r) => r.description),
      );
      expect([...confirmed].sort()).toEqual(funded.map((i) => `Investment confirmed, ${i.opportunity_name}`).sort());
    });
    const { rows: payments } = await db.query(
      'select amount_cents, currency, status from public.payments where member_id = $1',
      [demoInvestor.id],
    );
    expect(payments).toEqual([{ amount_cents: fundedTotal, currency: 'EUR', status: 'settled' }]);
  });

  it('still starts onboarding fresh: no wallet, KYC not started, no first on-ramp', async () => {
    const { rows } = await db.query(
      'select crossmint_wallet_id, kyc_status, first_onramp_ok from public.profiles where id = $1',
      [demoInvestor.id],
    );
    expect(rows).toEqual([{ crossmint_wallet_id: null, kyc_status: 'not_started', first_onramp_ok: false }]);
  });
});

describe('the ledger after the seed', () => {
  it('holds every invariant (ledger_verify answers null)', async () => {
    const mfo = demoAccounts.find((a) => a.role === 'mfo_admin');
    if (!mfo) throw new Error('no demo mfo_admin');
    const verdict = await asActor(
      db,
      { id: mfo.id, email: mfo.email, role: 'mfo_admin', isAdmin: false },
      async (tx) => {
        return (await tx.query<{ verdict: string | null }>('select public.ledger_verify() as verdict')).rows[0]
          ?.verdict;
      },
    );
    expect(verdict).toBeNull();
  });
});
