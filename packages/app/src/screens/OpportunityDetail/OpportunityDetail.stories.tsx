import type { Meta, StoryObj } from '@storybook/react-vite';
import { explorersThisWeek, formatEuros, messages, opportunityLocation, sampleSharedRows } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, tableAnswers } from '../../../../../mocks/story';
import { type AppStoryParameters, expectNavigatedTo, SLOW, sessionAs, withApp } from '../../test-support';
import OpportunityDetail from '.';

const detail = sampleSharedRows.opportunity_details.find((d) => d.id === 'schools-ghana');
if (!detail) throw new Error('sample opportunity schools-ghana is missing');
const listed = sampleSharedRows.opportunities.find((o) => o.id === detail.id);
if (!listed) throw new Error('sample opportunity schools-ghana is missing from the list');
const url = `/opportunities/${detail.id}`;

const meta = {
  title: 'Screens/OpportunityDetail',
  component: OpportunityDetail,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: { url, path: '/opportunities/:id', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof OpportunityDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Name, status, type, the explorers counter, the four tiles, Express Interest and Invest. */
export const Found: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: detail.name }, SLOW)).toBeVisible();
    await expect(canvas.getByText(detail.status)).toBeVisible();
    await expect(canvas.getByText(detail.type)).toBeVisible();
    await expect(canvas.getByText(String(explorersThisWeek(detail.id)))).toBeVisible();
    await expect(canvas.getByText('investors explored this opportunity this week')).toBeVisible();
    for (const [label, value] of [
      ['Est. Yield', detail.yield],
      ['Risk', detail.risk],
      ['Impact', detail.impact],
      ['Term', detail.term],
    ] as const) {
      await expect(within(canvas.getByRole('group', { name: label })).getByText(value)).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Invest' })).toHaveAttribute('href', `/investments/${detail.id}`);
    await expect(canvas.queryByRole('link', { name: 'Review your placements' })).toBeNull();
    // The list's facts, read before investing.
    const about = await canvas.findByRole('region', { name: 'About this opportunity' }, SLOW);
    await expect(within(about).getByText(listed.description)).toBeVisible();
    await expect(within(about).getByText(opportunityLocation(listed))).toBeVisible();
    await expect(within(about).getByText(listed.minInvestment)).toBeVisible();
    await expect(within(about).getByText(listed.audited ? 'Audited' : 'Not audited')).toBeVisible();
    await expect(within(about).getByText(`${listed.ratings.toFixed(1)} / 5`)).toBeVisible();
  },
};

/**
 * What the backend saw, in order, for the parallel-requests story: the detail's answer is held
 * back until the facts' request has arrived, so a screen that waited for the detail before asking
 * for the facts would never get its detail (the hold gives up after 3 s with an error).
 */
const seen: string[] = [];
let factsAsked: () => void = () => {};
let factsArrived = new Promise<void>((resolve) => {
  factsAsked = resolve;
});

/** Both requests of the detail start together: the detail's answer waits for the facts' request. */
export const RequestsInParallel: Story = {
  beforeEach: () => {
    seen.length = 0;
    factsArrived = new Promise<void>((resolve) => {
      factsAsked = resolve;
    });
  },
  parameters: {
    msw: {
      handlers: [
        http.get('*/rest/v1/opportunity_details', async () => {
          seen.push('detail asked');
          const arrived = await Promise.race([
            factsArrived.then(() => true),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
          ]);
          seen.push('detail answered');
          return arrived ? HttpResponse.json([detail]) : HttpResponse.json({ message: 'held' }, { status: 500 });
        }),
        http.get('*/rest/v1/opportunities', () => {
          seen.push('facts asked');
          factsAsked();
          return HttpResponse.json([listed]);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: detail.name }, SLOW)).toBeVisible();
    await canvas.findByRole('region', { name: 'About this opportunity' }, SLOW);
    await expect(seen.indexOf('facts asked')).toBeLessThan(seen.indexOf('detail answered'));
    await expect(seen.filter((event) => event.endsWith('asked'))).toHaveLength(2);
  },
};

/** The list's facts fail to load: the detail stays, the facts show the error card with Retry. */
export const FactsLoadError: Story = {
  parameters: { msw: { handlers: [tableAnswers.error('opportunities')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: detail.name }, SLOW)).toBeVisible();
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(within(alert).getByRole('heading', { name: messages.opportunitiesFailed })).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(canvas.getByRole('group', { name: 'Est. Yield' })).toBeVisible();
  },
};

/** Arriving from the portfolio with capital: a banner that links to /placements. */
export const FromPortfolio: Story = {
  parameters: {
    app: {
      url,
      path: '/opportunities/:id',
      session: sessionAs('investor'),
      state: { from: 'portfolio', capital: 25000 },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: detail.name }, SLOW);
    await expect(canvas.getByText(new RegExp(`with ${formatEuros(2_500_000)} of capital to place`))).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Review your placements' }));
    await expectNavigatedTo(canvasElement, '/placements');
  },
};

/** Express Interest logs and shows an alert that materials will be emailed; no request is made. */
export const ExpressInterest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = spyOn(console, 'log');
    await userEvent.click(await canvas.findByRole('button', { name: 'Express Interest' }, SLOW));
    const dialog = await screen.findByRole('alertdialog', { name: 'Thank you for your interest' });
    await waitFor(() =>
      expect(within(dialog).getByText(/We will email the investment materials for Ghana Solar Schools/)).toBeVisible(),
    );
    await expect(log).toHaveBeenCalledWith(
      '[opportunity] Express interest',
      expect.objectContaining({ opportunityId: detail.id }),
    );
    log.mockRestore();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // After its closing animation, which a loaded machine can stretch past waitFor's default second.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
  },
};

/** Back, reached from a shared link (no history): to the list. */
export const Back: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: detail.name }, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expectNavigatedTo(canvasElement, '/opportunities');
  },
};

/** An unknown id: 'Opportunity not found' with a way back, not a crash. */
export const NotFound: Story = {
  parameters: {
    app: { url: '/opportunities/no-such-thing', path: '/opportunities/:id', session: sessionAs('investor') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: messages.opportunityNotFound }, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Back to opportunities' }));
    await expectNavigatedTo(canvasElement, '/opportunities');
  },
};

/** Still loading. */
export const Loading: Story = {
  parameters: { msw: { handlers: [tableAnswers.loading('opportunity_details')] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading opportunity…' })).toBeVisible();
  },
};

/** The detail fails to load: the error card with Retry. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [tableAnswers.error('opportunity_details')] } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(within(alert).getByText(messages.checkConnection)).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/** Found on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const FoundPhone: Story = {
  ...Found,
  name: 'Found — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The sample as an offering with targets, a deadline, pro rata, documents and impact. */
const asOffering = (changes: Record<string, unknown>) => [
  {
    ...listed,
    status: 'open',
    min_target_cents: 20_000_000,
    max_target_cents: 100_000_000,
    opens_at: new Date(Date.now() - 10 * DAY_MS).toISOString(),
    deadline_at: new Date(Date.now() + 12 * DAY_MS - 60_000).toISOString(),
    allocation_rule: 'pro_rata',
    documents: [
      { kind: 'key_information', name: 'Key information sheet 2026', sha256: 'a'.repeat(64) },
      { kind: 'subscription_terms', name: 'Subscription terms', sha256: 'b'.repeat(64) },
    ],
    ...changes,
  },
];

/** An open offering: raised against its maximum (an accessible bar), days left, the rule, documents and impact. */
export const OfferingOpen: Story = {
  parameters: {
    msw: {
      handlers: [
        tableAnswers.rows('opportunities', asOffering({})),
        rpcAnswer('offering_progress', [{ opportunity_id: detail.id, raised_cents: 30_000_000 }]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const about = await canvas.findByRole('region', { name: 'About this opportunity' }, SLOW);
    const bar = await within(about).findByRole('progressbar', { name: '€300,000 raised of €1,000,000 (30%)' }, SLOW);
    await expect(bar).toHaveAttribute('aria-valuenow', '30');
    await expect(within(about).getByText('12 days left')).toBeVisible();
    await expect(within(about).getByText('Minimum target €200,000, reached')).toBeVisible();
    await expect(within(about).getByText(/^Pro rata/)).toBeVisible();
    await expect(within(about).getByText(/Key information sheet: Key information sheet 2026/)).toBeVisible();
    await expect(within(about).getByText('Schools equipped: 40 rural schools per year')).toBeVisible();
    await expect(within(about).queryByRole('note')).toBeNull();
  },
};

/** A failed offering says so, with what happened to the money. */
export const OfferingFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        tableAnswers.rows('opportunities', asOffering({ status: 'failed', open: false })),
        rpcAnswer('offering_progress', [{ opportunity_id: detail.id, raised_cents: 0 }]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const about = await canvas.findByRole('region', { name: 'About this opportunity' }, SLOW);
    await expect(await within(about).findByRole('note', {}, SLOW)).toHaveTextContent(
      'This offering failed: it did not reach its minimum target by its deadline.',
    );
    await expect(within(about).queryByText(/days left/)).toBeNull();
  },
};
