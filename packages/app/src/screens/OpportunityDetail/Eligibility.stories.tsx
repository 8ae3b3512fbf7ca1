import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  type EligibilityRefusal,
  eligibilityRefusalMessage,
  eligibilityRefusalTitles,
  ukRiskWarning,
} from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { sampleTables } from '../../../../../mocks';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import {
  expectNoRiskWarning,
  expectRiskWarning,
  investmentsAnswer,
  profileAnswer,
  resetServed,
} from '../Classification/riskWarningStories';
import OpportunityDetail from '.';

const detail = sampleTables.opportunity_details.find((d) => d.id === 'schools-ghana');
if (!detail) throw new Error('sample opportunity schools-ghana is missing');
const url = `/opportunities/${detail.id}`;
const HOUR_MS = 3_600_000;

/** The server's answer to investment_eligibility for this member: a refusal code or null. */
const eligibilityAnswer = (code: EligibilityRefusal | null) =>
  http.post('*/rest/v1/rpc/investment_eligibility', () => HttpResponse.json(code));
/** request_to_invest: the cooling-off ends this long from now. */
const coolingOffEndsIn = (ms: number) =>
  http.post('*/rest/v1/rpc/request_to_invest', () => HttpResponse.json(new Date(Date.now() + ms).toISOString()));

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
    await userEvent.click(await canvas.findByRole('button', { name: 'Invest' }, SLOW));
    const timer = await canvas.findByRole('timer', { name: 'Cooling-off period' }, SLOW);
    await expect(timer).toHaveTextContent(/Cooling-off: 2[34]h \d\dm \d\ds/);
    await expect(canvas.queryByRole('button', { name: 'Invest' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Invest' })).toBeNull();
  },
};

/** The cooling-off ends: Continue and Leave, side by side and alike. */
export const CoolingOffEnded: Story = {
  parameters: { msw: { handlers: [eligibilityAnswer('COOLING_OFF_ACTIVE'), coolingOffEndsIn(-1_000)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Invest' }, SLOW));
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
