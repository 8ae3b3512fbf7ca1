import { type InvestorCategory, sampleMemberRows } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { SLOW, storyUsers } from '../../test-support';

/**
 * The reads behind the FCA risk warning (`UkRiskWarning`) for the funded story investor, answered
 * by the story whatever the embedded backend's store holds from other stories: their
 * investor_profiles row and their investments.
 */
const memberId = storyUsers.fundedInvestor.id;

/** Which of the two reads have been answered in this story. */
const served = { profile: false, investments: false };

export function resetServed(): void {
  served.profile = false;
  served.investments = false;
}

/** The member's classification: living in `country`, of `category`. */
export function profileAnswer(country: string, category: InvestorCategory) {
  return http.get('*/rest/v1/investor_profiles', () => {
    served.profile = true;
    return HttpResponse.json([
      {
        member_id: memberId,
        country,
        category,
        answers: country === 'GB' ? { statement_signed: true } : {},
        declared_at: '2026-11-01T09:00:00Z',
      },
    ]);
  });
}

/** The member's investments: their copies of the sample rows, plus one they submitted when `invested`. */
export function investmentsAnswer(invested: boolean) {
  return http.get('*/rest/v1/investments', () => {
    served.investments = true;
    const copies = sampleMemberRows.investments.map((row) => ({ ...row, user_id: memberId, sample: true }));
    const submitted = {
      ...sampleMemberRows.investments[0],
      id: '00000000-0000-4000-8000-0000000001f7',
      user_id: memberId,
      status: 'Pending',
      decided_at: null,
      sample: false,
    };
    return HttpResponse.json(invested ? [submitted, ...copies] : copies);
  });
}

const warningName = 'Risk warning';

export async function expectRiskWarning(canvasElement: HTMLElement, text: string): Promise<void> {
  const warning = await within(canvasElement).findByRole('note', { name: warningName }, SLOW);
  await expect(warning).toHaveTextContent(text);
}

/** Both reads answered, then a moment for the page to render them: no warning. */
export async function expectNoRiskWarning(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(served).toEqual({ profile: true, investments: true }), SLOW);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await expect(within(canvasElement).queryByRole('note', { name: warningName })).toBeNull();
}
