import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Readiness, readiness } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyInvestors } from '../internal/storyInvestors';
import { ReadinessCard } from './ReadinessCard';

const { newInvestor, withWallet, kycApproved, funded } = storyInvestors;

/**
 * Impossible in the product: the domain always counts the agreement as signed, so no user reaches
 * 0%. The card's own edge case (nothing done at all), built from the new investor's result with
 * every step open; its story name says so.
 */
function nothingDone(): Readiness {
  const steps = readiness(newInvestor).steps.map((step) => ({ ...step, done: false }));
  return { steps, completed: 0, percent: 0, next: steps[0] ?? null };
}

/** docs/product.md §2 'Readiness card', word for word: what a person should see in each row. */
const rows = [
  { id: 'wallet', label: 'Create wallet', estimate: '~1 min', button: 'Create Wallet', target: '/settings' },
  { id: 'kyc', label: 'Complete KYC', estimate: '~3-5 min', button: 'Continue KYC', target: '/kyc-verification' },
  { id: 'agreement', label: 'Sign agreement', estimate: '~2 min', button: 'Sign Agreement', target: '/agreement' },
  { id: 'onramp', label: 'First onramp (€20+)', estimate: '~2-3 min', button: 'Start Onramp', target: '/wallet' },
] as const;
type RowId = (typeof rows)[number]['id'];

const nextHint = (label: string) => `You're close! Complete '${label}' to unlock more features.`;
const allSet = "All set. You've unlocked the full investor experience.";

interface Expected {
  percent: number;
  done: RowId[];
  hint: string;
}

const meta = {
  title: 'Components/ReadinessCard',
  component: ReadinessCard,
  args: { onNavigate: fn(), readiness: readiness(newInvestor) },
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReadinessCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Checks what a person sees, then uses every button still on the card, in order. */
function expectCard({ percent, done, hint }: Expected): Story['play'] {
  return async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Readiness Level' })).toBeVisible();
    await expect(canvas.getByText(`${percent}%`)).toBeVisible();
    const bar = canvas.getByRole('progressbar', { name: 'Readiness Level' });
    await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    await expect(bar).toHaveAttribute('aria-valuemax', '100');

    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(rows.length);
    const open: (typeof rows)[number][] = [];
    for (const [index, row] of rows.entries()) {
      const item = items[index];
      if (!item) throw new Error(`row ${index} missing`);
      const inRow = within(item);
      await expect(inRow.getByText(row.label)).toBeVisible();
      if (done.includes(row.id)) {
        // Done: a check and the word 'Done' for assistive technology, no estimate, no button.
        await expect(inRow.getByText('Done')).toBeInTheDocument();
        await expect(inRow.queryByRole('button')).toBeNull();
        await expect(inRow.queryByText(row.estimate)).toBeNull();
      } else {
        await expect(inRow.queryByText('Done')).toBeNull();
        await expect(inRow.getByText(row.estimate)).toBeVisible();
        await expect(inRow.getByRole('button', { name: row.button })).toBeVisible();
        open.push(row);
      }
    }
    await expect(canvas.getByText(hint)).toBeVisible();

    await expect(args.onNavigate).not.toHaveBeenCalled();
    for (const row of open) {
      await userEvent.click(canvas.getByRole('button', { name: row.button }));
      await expect(args.onNavigate).toHaveBeenLastCalledWith(row.target, expect.objectContaining({ id: row.id }));
    }
    await expect(args.onNavigate).toHaveBeenCalledTimes(open.length);
  };
}

/** Nothing done at all, which the domain never produces: all four buttons lead to their pages. */
export const Percent0: Story = {
  name: 'Impossible state: 0% — agreement undone',
  args: { readiness: nothingDone() },
  play: expectCard({ percent: 0, done: [], hint: nextHint('Create wallet') }),
};

/** A new investor: only the agreement counts as done. */
export const Percent25: Story = {
  name: '25% — new investor',
  args: { readiness: readiness(newInvestor) },
  play: expectCard({ percent: 25, done: ['agreement'], hint: nextHint('Create wallet') }),
};

/** Wallet created; KYC is next. */
export const Percent50: Story = {
  name: '50% — wallet created',
  args: { readiness: readiness(withWallet) },
  play: expectCard({ percent: 50, done: ['wallet', 'agreement'], hint: nextHint('Complete KYC') }),
};

/** KYC approved; the first on-ramp is next. */
export const Percent75: Story = {
  name: '75% — KYC approved',
  args: { readiness: readiness(kycApproved) },
  play: expectCard({ percent: 75, done: ['wallet', 'kyc', 'agreement'], hint: nextHint('First onramp (€20+)') }),
};

/** Everything done: the card folds to one line, the title, 100% and the 'All set' hint; no steps, no buttons. */
export const Percent100: Story = {
  name: '100% — all set',
  args: { readiness: readiness(funded) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('region', { name: 'Readiness Level' });
    await expect(within(card).getByText('100%')).toBeVisible();
    await expect(within(card).getByText(allSet)).toBeVisible();
    await expect(within(card).queryByRole('listitem')).toBeNull();
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(within(card).queryByRole('button')).toBeNull();
    // Folded: the title and the figure share a line, and the card is a line or two high.
    const heading = within(card).getByRole('heading', { name: 'Readiness Level' });
    const figure = within(card).getByText('100%');
    await expect(Math.abs(heading.getBoundingClientRect().top - figure.getBoundingClientRect().top)).toBeLessThan(8);
    await expect(card.getBoundingClientRect().height).toBeLessThan(90);
  },
};

/**
 * The bar glides to its value, unless the person asked for reduced motion: then it is still. The
 * check reads the browser's own setting, so it holds in either environment.
 */
export const AnimatedUnlessReducedMotion: Story = {
  name: 'Bar animates unless reduced motion',
  args: { readiness: readiness(withWallet) },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Readiness Level' });
    const indicator = bar.firstElementChild;
    if (!(indicator instanceof HTMLElement)) throw new Error('progress indicator missing');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const { transitionDuration, animationName } = getComputedStyle(indicator);
    await expect(transitionDuration).toBe(reduced ? '0s' : '0.6s');
    await expect(animationName === 'none').toBe(reduced);
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
  },
};

/** A declined KYC does not count (only 'approved' does): KYC stays open with its button. */
export const KycDeclined: Story = {
  name: 'KYC declined counts as not done',
  args: { readiness: readiness({ ...withWallet, kycStatus: 'declined' }) },
  play: expectCard({ percent: 50, done: ['wallet', 'agreement'], hint: nextHint('Complete KYC') }),
};

/**
 * On a narrow card (a 360 px phone leaves about 300 px) each open step's estimate and button sit on
 * their own line under the label, and no label is broken inside a word ('Complete', not 'Comple/te').
 */
export const NarrowCard: Story = {
  name: 'Narrow card — actions under the labels',
  args: { readiness: readiness(newInvestor) },
  decorators: [
    (Story) => (
      <div style={{ width: 300 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const row of rows.filter((r) => r.id !== 'agreement')) {
      const label = canvas.getByText(row.label);
      const button = canvas.getByRole('button', { name: row.button });
      const labelBox = label.getBoundingClientRect();
      await expect(button.getBoundingClientRect().top).toBeGreaterThanOrEqual(labelBox.bottom);
      await expect(canvas.getByText(row.estimate).getBoundingClientRect().top).toBeGreaterThanOrEqual(labelBox.bottom);
      // One line per label: nothing wraps, so no word can be cut in two.
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
      await expect(labelBox.height).toBeLessThan(lineHeight * 1.5);
    }
  },
};
