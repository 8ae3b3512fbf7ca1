import { demoEmail, investmentQuote, type Role } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { readEscrows, readTrialBalance, verifyLedger } from './ledgerReports';

// /reports' ledger reads against the local host (11_ledger.sql): the rows each role may read, read
// and validated as the screen reads them, and the refusals of those who may not.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

async function signedIn(email: string, password = 'pw') {
  const { store } = testStore();
  if (!(await store.signIn(email, password))) throw new Error(`${email} could not sign in`);
  return store;
}

const staff = (role: Role) => signedIn(demoEmail(role), LOCAL_DEMO_PASSWORD);

/** The member, made ready to invest, deposits €2,000 and puts €1,000 by bank into the Groningen solar park (held). */
async function heldInvestment(email: string): Promise<void> {
  await signedIn(email);
  const id = await idOf(local, email);
  await local.db.transaction(async (tx) => {
    await tx.query(
      `update public.profiles set crossmint_wallet_id = 'wallet-' || id, kyc_status = 'approved', first_onramp_ok = true
       where id = $1`,
      [id],
    );
    await tx.query(
      `insert into public.investor_profiles (member_id, country, category) values ($1, 'NL', 'corporate')
       on conflict (member_id) do nothing`,
      [id],
    );
    await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await tx.query('set local role service_role');
    await tx.query(`select public.record_payment($1, $2, 200000, 'EUR', 'settled', $3)`, [id, `pi_${id}`, `evt_${id}`]);
    await tx.query('reset role');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: id, role: 'authenticated', email, app_metadata: { role: 'investor' } }),
    ]);
    await tx.query('set local role authenticated');
    await tx.query(`select public.submit_investment('solar-park-groningen', 100000, 'bank', gen_random_uuid())`);
  });
}

describe("the ledger's reports", () => {
  it('mfo_admin reads the trial balance, verifies, and sees the escrow of every offering, in cents', async () => {
    await heldInvestment('reports.investor@example.eu');
    const mfo = await staff('mfo_admin');
    const held = investmentQuote(100_000, 'bank').totalCents;

    const trial = await readTrialBalance(mfo, null);
    if (!trial.ok) throw new Error(trial.error);
    const eur = trial.rows.find((r) => r.currency === 'EUR');
    expect(eur?.debits_pending).toBe(eur?.credits_pending);
    expect(eur?.debits_posted).toBe(eur?.credits_posted);
    expect(eur?.debits_pending).toBeGreaterThanOrEqual(held);
    // A whole read: there is no second page.
    expect(await readTrialBalance(mfo, eur ?? null)).toEqual({ ok: true, rows: [] });

    expect(await verifyLedger(mfo)).toEqual({ ok: true, failure: null });

    const escrows = await readEscrows(mfo, null);
    if (!escrows.ok) throw new Error(escrows.error);
    expect(escrows.rows.find((r) => r.opportunity_id === 'solar-park-groningen')).toMatchObject({
      opportunity_name: 'Groningen Solar Park II',
      spv_id: 'spv-equity',
      currency: 'EUR',
      credits_pending: 100_000,
      pending_in_cents: 100_000,
    });
  });

  it("an SPV's administrator reads its own offerings' escrow, and is refused the rest", async () => {
    await heldInvestment('reports.second@example.eu');
    const eq = await staff('eq_spv_admin');
    const escrows = await readEscrows(eq, null);
    if (!escrows.ok) throw new Error(escrows.error);
    expect(escrows.rows.length).toBeGreaterThan(0);
    expect(new Set(escrows.rows.map((r) => r.spv_id))).toEqual(new Set(['spv-equity']));
    expect(await readTrialBalance(eq, null)).toMatchObject({ ok: false, code: '42501' });
    expect(await verifyLedger(eq)).toMatchObject({ ok: false, code: '42501' });
  });

  it('refuses a member every read', async () => {
    const investor = await signedIn('curious.reports@example.eu');
    expect(await readEscrows(investor, null)).toMatchObject({ ok: false, code: '42501' });
    expect(await readTrialBalance(investor, null)).toMatchObject({ ok: false, code: '42501' });
    expect(await verifyLedger(investor)).toMatchObject({ ok: false, code: '42501' });
  });
});
