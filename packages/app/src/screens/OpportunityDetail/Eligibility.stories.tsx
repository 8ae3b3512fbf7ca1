import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  type EligibilityRefusal,
  eligibilityRefusalMessage,
  eligibilityRefusalTitles,
  sampleSharedRows,
  ukRiskWarning,
} from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  expectNoRiskWarning,
  expectRiskWarning,
  investmentsAnswer,
  profileAnswer,
  resetServed,
} from '../../components/eligibility/riskWarningStories';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import OpportunityDetail from '.';

const detail = sampleSharedRows.opportunity_details.find((d) => d.id === 'schools-ghana');
if (!detail) throw new Error('sample opportunity schools-ghana is missing');
const url = `/opportunities/${detail.id}`;
const HOUR_MS = 3_600_000;

/**
 * The server's answer to investment_eligibility for this member: null, or a refusal code with its
 * time (`at`, ms from now: when the cooling-off ends).
 */
const eligibilityAnswer = (code: EligibilityRefusal | null, atFromNow: number | null = null) =>
  http.post('*/rest/v1/rpc/investment_eligibility', () =>
    HttpResponse.json(
      code === null ? null : { code, at: atFromNow === null ? null : new Date(Date.now() + atFromNow).toISOString() },
    ),
  );
/** request_to_invest: the cooling-off ends this long from now. */
const coolingOffEndsIn = (ms: number) =>
  http.post('*/rest/v1/rpc/request_to_invest', () => HttpResponse.json(new Date(Date.now() + ms).toISOString()));

/** Invest once the server has answered (while it checks, a disabled Invest stands in its place). */
async function enabledInvest(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  return waitFor(() => {
    const invest = canvas.getByRole('button', { name: 'Invest' });
    expect(invest).toBeEnabled();
    return invest;
  }, SLOW);
}

/**
 * Invest as the server decides it (docs/eligibility.md), for an investor past KYC: every
 * amount-independent refusal as "Not available to you" with its reason and next step, and a UK
 * first-time investor's cooling-off.
 */
const meta = {
  title: 'Screens/OpportunityDetail/Eligibility',
  component: OpportunityDetail,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: {
      url,
      path: '/opportunities/:id',
      session: sessionAs('investor', storyUsers.fundedInvestor),
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof OpportunityDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

function notAvailable(code: EligibilityRefusal, nextStep: string): Story {
  return {
    parameters: { msw: { handlers: [eligibilityAnswer(code)] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('button', { name: 'Not available to you' }, SLOW)).toBeDisabled();
      await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
      const reason = canvas.getByRole('status', { name: 'Not available to you' });
      await expect(reason).toHaveTextContent(eligibilityRefusalTitles[code]);
      await expect(reason).toHaveTextContent(eligibilityRefusalMessage(code));
      await expect(within(reason).getByRole('link', { name: nextStep })).toBeVisible();
    },
  };
}

export const CountryNotEligible = notAvailable('COUNTRY_NOT_ELIGIBLE', 'See other opportunities');
export const CategoryNotEligible = notAvailable('CATEGORY_NOT_ELIGIBLE', 'See other opportunities');
export const NotClassified = notAvailable('NOT_CLASSIFIED', 'Tell us about yourself');
export const DeclarationExpired = notAvailable('DECLARATION_EXPIRED', 'Sign your statement again');
export const AppropriatenessRequired = notAvailable('APPROPRIATENESS_REQUIRED', 'Answer the appropriateness questions');

/** Nothing refuses: Invest leads to the investment flow. */
export const Eligible: Story = {
  parameters: { msw: { handlers: [eligibilityAnswer(null)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Invest' }, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Not available to you' })).toBeNull();
  },
};

/**
 * A UK first-time investor: the FCA risk warning shows; the first Invest starts the cooling-off
 * and a countdown replaces Invest.
 */
export const CoolingOffCountdown: Story = {
  parameters: { msw: { handlers: [eligibilityAnswer('COOLING_OFF_ACTIVE'), coolingOffEndsIn(24 * HOUR_MS)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(ukRiskWarning.text, {}, SLOW)).toBeVisible();
    await userEvent.click(await enabledInvest(canvasElement));
    const timer = await canvas.findByRole('timer', { name: 'Cooling-off period' }, SLOW);
    await expect(timer).toHaveTextContent(/Cooling-off: 2[34]h \d\dm \d\ds/);
    await expect(canvas.queryByRole('button', { name: 'Invest' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
  },
};

/**
 * Back on the detail (a reload) during the cooling-off: the server's answer carries its end, so the
 * countdown shows at once, and no Invest.
 */
export const CoolingOffAfterReload: Story = {
  parameters: { msw: { handlers: [eligibilityAnswer('COOLING_OFF_ACTIVE', 5 * HOUR_MS + 30_000)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const timer = await canvas.findByRole('timer', { name: 'Cooling-off period' }, SLOW);
    await expect(timer).toHaveTextContent(/Cooling-off: 5h 0[01]m \d\ds/);
    await expect(canvas.queryByRole('button', { name: 'Invest' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
  },
};

/** While the server's answer is on its way: a disabled Invest that says it is checking, never the link. */
export const Checking: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/investment_eligibility', async () => {
          await delay('infinite');
          return HttpResponse.json(null);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const invest = await canvas.findByRole('button', { name: 'Invest' }, SLOW);
    await expect(invest).toBeDisabled();
    await expect(invest).toHaveAccessibleDescription('Checking whether you can invest…');
    await expect(canvas.getByText('Checking whether you can invest…')).toHaveAttribute('role', 'status');
    await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
  },
};

/** This story's calls of `investment_eligibility` (a spy: empty at every story's start). */
const eligibilityCalls = fn().mockName('investment_eligibility');

/** The check fails: an error line and Retry in place of Invest; Retry asks again, and Invest comes. */
export const CheckFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/investment_eligibility', () => {
          eligibilityCalls();
          return eligibilityCalls.mock.calls.length === 1
            ? HttpResponse.json({ code: 'XX000', message: 'boom', details: null, hint: null }, { status: 500 })
            : HttpResponse.json(null);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent('We could not check whether you can invest');
    await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Invest' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('link', { name: 'Invest' }, SLOW)).toBeVisible();
    await waitFor(() => expect(eligibilityCalls).toHaveBeenCalledTimes(2));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The cooling-off ends: Continue and Leave, side by side and alike. */
export const CoolingOffEnded: Story = {
  parameters: { msw: { handlers: [eligibilityAnswer('COOLING_OFF_ACTIVE'), coolingOffEndsIn(-1_000)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await enabledInvest(canvasElement));
    const choice = await canvas.findByRole('group', { name: 'Your cooling-off period has ended' }, SLOW);
    const proceed = within(choice).getByRole('button', { name: 'Continue' });
    const leave = within(choice).getByRole('button', { name: 'Leave' });
    await expect(proceed.className).toBe(leave.className);
  },
};

/**
 * A UK resident past the cooling-off who has not invested yet: the server lets them invest, and
 * the FCA's risk warning shows from their profile (docs/eligibility.md "The FCA risk warning").
 */
export const UkFirstTimeRiskWarning: Story = {
  parameters: {
    msw: { handlers: [eligibilityAnswer(null), profileAnswer('GB', 'uk_high_net_worth'), investmentsAnswer(false)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRiskWarning(canvasElement, ukRiskWarning.text);
    await expect(await canvas.findByRole('link', { name: 'Invest' }, SLOW)).toBeVisible();
  },
};

/**
 * The warning's link, "Take 2 mins to learn more", opens the short risk summary in a dialog, from
 * the keyboard; Escape closes it and gives the focus back to the link.
 */
export const RiskWarningSummary: Story = {
  parameters: {
    msw: { handlers: [eligibilityAnswer(null), profileAnswer('GB', 'uk_high_net_worth'), investmentsAnswer(false)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRiskWarning(canvasElement, ukRiskWarning.text);
    const link = canvas.getByRole('button', { name: ukRiskWarning.linkLabel });
    link.focus();
    await userEvent.keyboard('{Enter}');
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: ukRiskWarning.summary.title }, SLOW);
    await expect(dialog).toHaveTextContent(ukRiskWarning.summary.intro);
    for (const risk of ukRiskWarning.summary.risks) {
      await expect(within(dialog).getByText(risk.title)).toBeVisible();
      await expect(dialog).toHaveTextContent(risk.body);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await page.findByRole('dialog', { name: ukRiskWarning.summary.title }, SLOW)).toBeVisible();
  },
};

/** A UK resident who has invested once is no longer first-time: no warning. */
export const UkInvestorWhoInvested: Story = {
  parameters: {
    msw: { handlers: [eligibilityAnswer(null), profileAnswer('GB', 'uk_high_net_worth'), investmentsAnswer(true)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Invest' }, SLOW)).toBeVisible();
    await expectNoRiskWarning(canvasElement);
  },
};

/** An investor living in the EU reads no UK risk warning. */
export const EuInvestorNoRiskWarning: Story = {
  parameters: {
    msw: { handlers: [eligibilityAnswer(null), profileAnswer('FR', 'retail'), investmentsAnswer(false)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Invest' }, SLOW)).toBeVisible();
    await expectNoRiskWarning(canvasElement);
  },
};
