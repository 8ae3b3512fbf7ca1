import {
  InvestmentRowSchema,
  investmentFunding,
  investmentPaymentReference,
  investmentQuote,
  sampleSharedRows,
} from '@vault/domain';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { callMemberAction } from '../_mutation/writeForMember';
import { loadMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';
import { startOnramp } from '../onramp/startOnramp';
import { payMissingByCard, readPaymentReference } from './awaitingPayment';

// An investment the cash does not cover, against the local host (the real SQL): its reference as
// the server makes it, and a card payment of what is missing holding the whole total.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

const open = sampleSharedRows.opportunities.find((o) => o.open);

/** A member with a wallet, approved KYC, the first on-ramp and an eligible investor profile. */
async function readyToInvest() {
  const { store } = testStore();
  const email = `awaiting.member${++members}@example.eu`;
  await store.signIn(email, 'pw');
  const id = await idOf(local, email);
  await local.rows(
    `update public.profiles set crossmint_wallet_id = 'wallet-' || id, kyc_status = 'approved', first_onramp_ok = true
     where id = $1`,
    [id],
  );
  await local.rows(
    `insert into public.investor_profiles (member_id, country, category) values ($1, 'NL', 'corporate')
     on conflict (member_id) do nothing`,
    [id],
  );
  return store;
}

async function submit(store: Awaited<ReturnType<typeof readyToInvest>>, amountCents: number, method: 'bank' | 'card') {
  if (!open) throw new Error('the sample opportunities lack an open one');
  const answer = await callMemberAction(store, 'submit_investment', {
    opportunity_id: open.id,
    amount_cents: amountCents,
    method,
    idempotency_key: crypto.randomUUID(),
  });
  if (!answer.ok) throw new Error(answer.error);
  return v.parse(InvestmentRowSchema, answer.value);
}

async function statusOf(id: string) {
  return (await local.row<{ status: string }>('select status from public.investments where id = $1', [id]))?.status;
}

describe('an investment awaiting payment', () => {
  it('has the reference the domain gives its id, read from the server', async () => {
    const store = await readyToInvest();
    const row = await submit(store, 500_000, 'bank');
    expect(row.status).toBe('Awaiting payment');
    expect(await readPaymentReference(store, row.id)).toEqual({
      ok: true,
      reference: investmentPaymentReference(row.id),
    });
  });

  it('is held in full once a card payment brings what is missing', async () => {
    const store = await readyToInvest();
    // The embedded provider settles at once, then answers its page as Stripe would (`pending`, a URL).
    expect(await startOnramp(store, 100_000, 'awaiting-cash-1')).toMatchObject({ ok: true });
    const quote = investmentQuote(500_000, 'card');
    const funding = investmentFunding(100_000, quote.totalCents);
    const row = await submit(store, 500_000, 'card');
    expect(row.status).toBe(funding.status);
    expect(await loadMemberRead(store, balanceRead)).toMatchObject({
      rows: [{ available_cents: 100_000, held_cents: funding.heldNowCents }],
    });

    // The provider sends the member back to this investment's step 4, the outcome added to its query.
    const flow = `/investments/${open?.id}?step=4&amount=5000&method=card&investment=${row.id}`;
    const paid = await payMissingByCard(store, funding.collectedCents, `${crypto.randomUUID()}:1`, flow);
    expect(paid).toMatchObject({ ok: true, status: 'pending' });
    const back = new URL(paid.ok && paid.status === 'pending' ? paid.url : '');
    expect(`${back.pathname}${back.search}`.replace(/cs_test_[0-9a-f]+$/, 'cs_test_…')).toBe(
      `${flow}&onramp=success&session_id=cs_test_…`,
    );
    expect(await statusOf(row.id)).toBe('Pending');
    expect(await loadMemberRead(store, balanceRead)).toEqual({
      ok: true,
      rows: [{ available_cents: 0, held_cents: quote.totalCents, total_cents: quote.totalCents }],
    });
  });

  it('comes back to /wallet when the page to return to is not one the function takes', async () => {
    const store = await readyToInvest();
    const paid = await payMissingByCard(store, 2000, `${crypto.randomUUID()}:1`, '//evil.example/investments/x');
    expect(paid).toMatchObject({ ok: true, status: 'pending' });
    const back = new URL(paid.ok && paid.status === 'pending' ? paid.url : '');
    expect(back.pathname).toBe('/wallet');
    expect(back.host).not.toBe('evil.example');
  });
});
