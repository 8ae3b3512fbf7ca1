import type { Meta, StoryObj } from '@storybook/react-vite';
import { guideCardsFor, type Session, type User } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyInvestors } from '../internal/storyInvestors';
import { GuideCards } from './GuideCards';

const investor = storyInvestors.newInvestor;
const session = (user: User, isAdmin = false): Session => ({ user, isAdmin });

const meta = {
  title: 'Components/GuideCards',
  component: GuideCards,
  args: { cards: guideCardsFor(session(investor)), onNavigate: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof GuideCards>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The card titled `title` (each card is a list item holding its heading). */
function cardNamed(canvas: Canvas, title: string): HTMLElement {
  const item = canvas.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`card ${title} is not in a list item`);
  return item;
}

/** Clicks a link and reports whether the component kept the browser from following it. */
async function clickAndReportPrevented(link: HTMLElement, modifier?: 'Control'): Promise<boolean> {
  const seen: boolean[] = [];
  const listener = (event: MouseEvent) => {
    seen.push(event.defaultPrevented);
    // The story never leaves the page, whatever the component did.
    event.preventDefault();
  };
  window.addEventListener('click', listener);
  try {
    // One user-event session, so the modifier is still held when the click happens.
    const user = userEvent.setup();
    if (modifier) await user.keyboard(`{${modifier}>}`);
    await user.click(link);
    if (modifier) await user.keyboard(`{/${modifier}}`);
  } finally {
    window.removeEventListener('click', listener);
  }
  return seen[0] === true;
}

const investorCards = (canvas: Canvas) => ({
  start: within(cardNamed(canvas, 'Start here')),
  keep: within(cardNamed(canvas, 'Keep going')),
  next: within(cardNamed(canvas, 'Next steps')),
});

/** An investor without a wallet id: 'Start here' offers Create Wallet; links route client-side. */
export const InvestorWithoutWallet: Story = {
  name: 'Investor without a wallet',
  args: { cards: guideCardsFor(session(investor)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Start here',
      'Keep going',
      'Next steps',
    ]);
    const { start, keep, next } = investorCards(canvas);
    const createWallet = start.getByRole('link', { name: 'Create Wallet' });
    await expect(createWallet).toHaveAttribute('href', '/settings');
    await expect(start.getByRole('link', { name: 'Sign Agreement' })).toHaveAttribute('href', '/agreement');
    await expect(keep.getByRole('link', { name: 'KYC/AML verification' })).toHaveAttribute('href', '/kyc-verification');
    await expect(keep.getByRole('link', { name: 'Onramp funds' })).toHaveAttribute('href', '/wallet');
    await expect(keep.getByText(/€20 to €100/)).toBeVisible();
    await expect(next.getByRole('link', { name: 'View Opportunities' })).toHaveAttribute('href', '/opportunities');
    await expect(next.getByRole('link', { name: 'Open Community' })).toHaveAttribute('href', '/community');

    await expect(await clickAndReportPrevented(createWallet)).toBe(true);
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings');
    await expect(await clickAndReportPrevented(keep.getByRole('link', { name: 'Onramp funds' }))).toBe(true);
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/wallet');
  },
};

/** With a wallet id, Create Wallet is gone; the rest stays. */
export const InvestorWithWallet: Story = {
  name: 'Investor with a wallet',
  args: { cards: guideCardsFor(session({ ...investor, crossmintWalletId: 'wallet-ada-001' })) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { start } = investorCards(canvas);
    await expect(canvas.queryByRole('link', { name: 'Create Wallet' })).toBeNull();
    await expect(start.getAllByRole('link').map((a) => a.textContent)).toEqual(['Sign Agreement']);
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
    await userEvent.click(start.getByRole('link', { name: 'Sign Agreement' }));
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    await expect(args.onNavigate).toHaveBeenCalledWith('/agreement');
  },
};

/** A click with Ctrl (new tab) is left to the browser: no client-side navigation. */
export const ModifiedClickLeftToBrowser: Story = {
  name: 'Ctrl+click is left to the browser',
  args: { cards: guideCardsFor(session(investor)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'View Opportunities' });
    await expect(await clickAndReportPrevented(link, 'Control')).toBe(false);
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** mfo_admin (and the admin flag) get one card, 'Admin shortcuts'. */
export const MfoAdmin: Story = {
  name: 'mfo_admin — Admin shortcuts',
  args: { cards: guideCardsFor(session({ ...investor, role: 'mfo_admin' }, true)) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Admin shortcuts']);
    await expect(canvas.queryByRole('heading', { name: 'Start here' })).toBeNull();
    const links = canvas.getAllByRole('link');
    await expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Open Compliance', '/compliance'],
      ['Manage Users', '/users'],
      ['View Reports', '/reports'],
      ['Open Community', '/community'],
      ['Go to Dashboard', '/dashboard'],
    ]);
    await userEvent.click(canvas.getByRole('link', { name: 'Manage Users' }));
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    await expect(args.onNavigate).toHaveBeenCalledWith('/users');
  },
};

/** Any other role (here compliance) gets no guide cards: nothing renders. */
export const OtherRole: Story = {
  name: 'Other role — nothing',
  args: { cards: guideCardsFor(session({ ...investor, role: 'compliance' })) },
  play: async ({ canvasElement, args }) => {
    await expect(args.cards).toEqual([]);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
