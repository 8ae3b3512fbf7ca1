import { actionErrors, demoEmail } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { readProfessionalReviews } from './professionalReviews';
import { reviewProfessionalStatus } from './reviewProfessionalStatus';

// Compliance's professional status requests against the local host (09_eligibility.sql): the
// list, a rejection without a reason refused, a decision taking the request off the list.
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

/** A new investor who declares themselves professional; answers their id. */
async function declaredProfessional(email: string): Promise<string> {
  const store = await signedIn(email);
  const loaded = await store.backend();
  if (!loaded.ok) throw new Error(loaded.error);
  const saved = await loaded.backend.callAction('save_investor_profile', {
    country: 'DE',
    category: 'professional',
    answers: { portfolio_over_500k: true, ten_trades_a_quarter: true },
  });
  if (!saved.ok) throw new Error(saved.error);
  return idOf(local, email);
}

const idsOf = (answer: Awaited<ReturnType<typeof readProfessionalReviews>>) =>
  answer.ok ? answer.rows.map((r) => r.member_id) : answer.error;

describe('professional status requests', () => {
  it('lists the requests to compliance, refuses a rejection without a reason, and drops a decided one', async () => {
    const first = await declaredProfessional('first.pro@example.eu');
    const second = await declaredProfessional('second.pro@example.eu');
    const compliance = await signedIn(demoEmail('compliance'), LOCAL_DEMO_PASSWORD);

    const listed = await readProfessionalReviews(compliance, null);
    expect(listed).toMatchObject({
      ok: true,
      rows: [
        {
          member_id: first,
          email: 'first.pro@example.eu',
          country: 'DE',
          category: 'professional',
          previous_category: null,
          answers: { portfolio_over_500k: true, ten_trades_a_quarter: true },
        },
        { member_id: second },
      ],
    });
    // The whole list comes in one answer: there is no later page to read.
    expect(await readProfessionalReviews(compliance, listed.ok ? (listed.rows[0] ?? null) : null)).toEqual({
      ok: true,
      rows: [],
    });

    expect(await reviewProfessionalStatus(compliance, first, 'rejected', '  ')).toMatchObject({
      ok: false,
      error: actionErrors.professionalReasonRequired.message,
    });
    expect(idsOf(await readProfessionalReviews(compliance, null))).toEqual([first, second]);

    expect(await reviewProfessionalStatus(compliance, first, 'rejected', ' No portfolio statement. ')).toEqual({
      ok: true,
    });
    const stored = await local.row<{ professional_status: string; professional_reason: string }>(
      'select professional_status, professional_reason from public.investor_profiles where member_id = $1',
      [first],
    );
    expect(stored).toEqual({ professional_status: 'rejected', professional_reason: 'No portfolio statement.' });
    expect(await reviewProfessionalStatus(compliance, second, 'approved', null)).toEqual({ ok: true });
    expect(idsOf(await readProfessionalReviews(compliance, null))).toEqual([]);
  });

  it('refuses an investor the list, with the server’s message', async () => {
    const investor = await signedIn('curious.investor@example.eu');
    expect(await readProfessionalReviews(investor, null)).toMatchObject({
      ok: false,
      error: actionErrors.professionalReviewsReadDenied.message,
    });
  });
});
