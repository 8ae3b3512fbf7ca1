import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  filterOpportunities,
  messages,
  type OpportunityQuery,
  opportunitySummary,
  sampleSharedRows,
  sortOpportunities,
  ukRiskWarning,
} from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RETRY_HEADER, rpcAnswer, tableAnswers } from '../../../../../mocks/story';
import {
  expectNoRiskWarning,
  expectRiskWarning,
  investmentsAnswer,
  profileAnswer,
  resetServed,
} from '../../components/eligibility/riskWarningStories';
import { storageKeys } from '../../storage/browserStorage';
import {
  type AppStoryParameters,
  nudgeCallToActionStory,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
import Opportunities from '.';

const meta = {
  title: 'Screens/Opportunities',
  component: Opportunities,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: { url: '/opportunities', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
  // The nudge's per-page dismissal flag lives in localStorage; every story starts without it.
  beforeEach: () => {
    localStorage.removeItem(storageKeys.nudgeDismissed('opportunities'));
  },
} satisfies Meta<typeof Opportunities>;
export default meta;
type Story = StoryObj<typeof meta>;

const sample = sampleSharedRows.opportunities;

/** What the tiles and list should show for a query, from the domain's own rules. */
function expected(query: Partial<OpportunityQuery>) {
  const full: OpportunityQuery = { category: 'All', region: 'All', sort: 'relevance', ...query };
  const visible = sortOpportunities(filterOpportunities(sample, full), full.sort);
  return { visible, summary: opportunitySummary(visible) };
}

async function expectTiles(canvasElement: HTMLElement, query: Partial<OpportunityQuery>) {
  const canvas = within(canvasElement);
  const { summary } = expected(query);
  await expect(
    within(canvas.getByRole('group', { name: 'Opportunities' })).getByText(String(summary.count)),
  ).toBeVisible();
  await expect(
    within(canvas.getByRole('group', { name: 'Average APY' })).getByText(`${summary.averageApy.toFixed(1)}%`),
  ).toBeVisible();
  await expect(
    within(canvas.getByRole('group', { name: 'Audited' })).getByText(`${summary.auditedPercent}%`),
  ).toBeVisible();
}

function cardNames(canvasElement: HTMLElement): string[] {
  const list = within(canvasElement).getByRole('region', { name: 'Opportunities' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

/** Every sample opportunity, the tiles for all of them, and the investor's next-step nudge. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Explore Tokenized Real-World Assets' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Total value locked' })).toBeVisible();
    await expect(await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW)).toBeVisible();
    await expectTiles(canvasElement, {});
    await expect(cardNames(canvasElement)).toEqual(sample.map((o) => o.name));
    const first = sample[0];
    if (!first) throw new Error('no sample opportunities');
    await expect(canvas.getByRole('link', { name: first.name })).toHaveAttribute('href', `/opportunities/${first.id}`);
    await expect(canvas.getByRole('region', { name: 'Create your wallet' })).toBeVisible();
  },
};

/** The first load shows the skeleton (the handler never answers here). */
export const Loading: Story = {
  parameters: { msw: { handlers: [tableAnswers.loading('opportunities')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading opportunities…' })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** The first load fails; Retry shows the skeleton again and then the list. */
export const ErrorThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        // The first load fails; the Retry (marked by its header) goes on to the normal handler.
        http.get('*/rest/v1/opportunities', ({ request }) =>
          request.headers.get(RETRY_HEADER) === '1'
            ? undefined
            : HttpResponse.json({ message: 'Service unavailable' }, { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(within(alert).getByRole('heading', { name: messages.opportunitiesFailed })).toBeVisible();
    await expect(within(alert).getByText(messages.checkConnection)).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(canvas.getByRole('status', { name: 'Loading opportunities…' })).toBeVisible();
    await expect(await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A filter combination with no match (from a shared URL); Reset Filters brings the full list back. */
export const EmptyThenResetFilters: Story = {
  parameters: {
    app: { url: '/opportunities?category=Education&region=EU', session: sessionAs('investor') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: messages.noOpportunityResults }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Education', pressed: true })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Filters' }));
    await expect(await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'All', pressed: true })).toHaveLength(2);
    await expectTiles(canvasElement, {});
  },
};

/** A category pill narrows the list and the tiles follow it. */
export const FilteredByCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Clean water' }));
    const { visible } = expected({ category: 'Clean water' });
    await expect(await canvas.findByText(`Showing ${visible.length} opportunities`, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clean water', pressed: true })).toBeVisible();
    await expect(cardNames(canvasElement)).toEqual(visible.map((o) => o.name));
    await expectTiles(canvasElement, { category: 'Clean water' });
  },
};

/** A region pill and a category pill together. */
export const FilteredByRegion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Netherlands' }));
    const { visible } = expected({ region: 'Netherlands' });
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(visible.map((o) => o.name)));
    await expectTiles(canvasElement, { region: 'Netherlands' });
  },
};

/** Term short to long: years count as months, so '12 Months' comes before '2 Years'. */
export const SortedByTerm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Sort by'), 'Term short to long');
    const { visible } = expected({ sort: 'term-asc' });
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(visible.map((o) => o.name)));
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeEnabled();
  },
};

const nudgeCta = nudgeCallToActionStory({
  nudge: 'Create your wallet',
  button: 'Create Wallet',
  step: 'wallet',
  page: 'opportunities',
  to: '/settings',
});

/** The nudge's call to action emits click:cta for the step on this page, then opens /settings. */
export const NudgeCallToAction: Story = { beforeEach: nudgeCta.beforeEach, play: nudgeCta.play };

/** Dismiss hides the nudge and keeps the page's flag, so it stays hidden next time. */
export const NudgeDismissed: Story = {
  parameters: { app: { url: '/opportunities', session: sessionAs('investor', storyUsers.walletInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nudge = canvas.getByRole('region', { name: 'Complete KYC' });
    await userEvent.click(within(nudge).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'Complete KYC' })).toBeNull();
    await expect(localStorage.getItem(storageKeys.nudgeDismissed('opportunities'))).toBe('1');
  },
};

/** A funded investor has nothing left to do: no nudge. */
export const FundedInvestor: Story = {
  parameters: { app: { url: '/opportunities', session: sessionAs('investor', storyUsers.fundedInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW);
    await expect(canvas.queryByText('Next step')).toBeNull();
  },
};

/** List on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const ListPhone: Story = {
  ...List,
  name: 'List — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** The server finds nothing that refuses (classified, questions answered): no step above the list. */
const eligible = http.post('*/rest/v1/rpc/investment_eligibility', () => HttpResponse.json(null));

/**
 * A UK resident who has not invested yet (only the sample copies): the FCA's prescribed risk
 * warning shows above the list (docs/eligibility.md "The FCA risk warning").
 */
export const UkFirstTimeRiskWarning: Story = {
  parameters: {
    app: { url: '/opportunities', session: sessionAs('investor', storyUsers.fundedInvestor) },
    msw: { handlers: [eligible, profileAnswer('GB', 'uk_restricted'), investmentsAnswer(false)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRiskWarning(canvasElement, ukRiskWarning.text);
    await expect(await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Before you invest' })).toBeNull();
  },
};

/** An investor living in the EU reads no UK risk warning, first-time or not. */
export const EuInvestorNoRiskWarning: Story = {
  parameters: {
    app: { url: '/opportunities', session: sessionAs('investor', storyUsers.fundedInvestor) },
    msw: { handlers: [eligible, profileAnswer('DE', 'retail'), investmentsAnswer(false)] },
  },
  beforeEach: resetServed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW);
    await expectNoRiskWarning(canvasElement);
  },
};

/** The warning's reads fail: the list shows as usual, without the warning. */
export const RiskWarningReadFails: Story = {
  parameters: {
    app: { url: '/opportunities', session: sessionAs('investor', storyUsers.fundedInvestor) },
    msw: {
      handlers: [
        eligible,
        http.get('*/rest/v1/investor_profiles', () => HttpResponse.json({ message: 'unavailable' }, { status: 500 })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`Showing ${sample.length} opportunities`, {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('note', { name: 'Risk warning' })).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const DAY = 24 * 60 * 60 * 1000;
const groningen = sampleSharedRows.opportunities.find((o) => o.id === 'solar-park-groningen');
const kenya = sampleSharedRows.opportunities.find((o) => o.id === 'clean-water-kenya');

/** Each open offering with a maximum shows raised against it and the days left; a failed one says so. */
export const OfferingStanding: Story = {
  parameters: {
    msw: {
      handlers: [
        tableAnswers.rows('opportunities', [
          {
            ...groningen,
            min_target_cents: 10_000_000,
            max_target_cents: 50_000_000,
            deadline_at: new Date(Date.now() + 5 * DAY - 60_000).toISOString(),
          },
          { ...kenya, status: 'failed', open: false, min_target_cents: 10_000_000, max_target_cents: 50_000_000 },
        ]),
        rpcAnswer('offering_progress', [
          { opportunity_id: 'solar-park-groningen', raised_cents: 12_500_000 },
          { opportunity_id: 'clean-water-kenya', raised_cents: 0 },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = (await canvas.findByRole('heading', { name: 'Groningen Solar Park II' }, SLOW)).closest('article');
    const failed = canvas.getByRole('heading', { name: 'Kenya Clean Water Kiosks' }).closest('article');
    if (!open || !failed) throw new Error('each opportunity is an article');
    const bar = await within(open).findByRole('progressbar', {}, SLOW);
    await expect(bar).toHaveAccessibleName('€125,000 raised of €500,000 (25%)');
    await expect(within(open).getByText('5 days left')).toBeVisible();
    await expect(within(failed).getByRole('note')).toHaveTextContent(/^This offering failed/);
    await expect(within(failed).queryByRole('progressbar')).toBeNull();
  },
};
