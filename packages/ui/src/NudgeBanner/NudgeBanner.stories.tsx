import type { Meta, StoryObj } from '@storybook/react-vite';
import { nudgeFor } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyInvestors } from '../internal/storyInvestors';
import { NudgeBanner } from './NudgeBanner';

const { newInvestor, withWallet, kycApproved, funded } = storyInvestors;

const meta = {
  title: 'Components/NudgeBanner',
  component: NudgeBanner,
  args: { nudge: nudgeFor(newInvestor), onAction: fn(), onDismiss: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof NudgeBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

type Step = 'wallet' | 'kyc' | 'onramp';

/** What each step's banner must show and where its call to action goes, written out (docs/product.md §4). */
const expected: Record<Step, { label: string; estimate: string; action: string; target: string }> = {
  wallet: { label: 'Create your wallet', estimate: '~1 min', action: 'Create Wallet', target: '/settings' },
  kyc: { label: 'Complete KYC', estimate: '~3–5 min', action: 'Continue KYC', target: '/kyc-verification' },
  onramp: { label: 'Make your first onramp (€20+)', estimate: '~2–3 min', action: 'Start Onramp', target: '/wallet' },
};

/** docs/product.md §4 'Investor nudge': the banner shows the step, its estimate, and its call to action works. */
function expectNudge(step: Step): Story['play'] {
  const { label, estimate, action, target } = expected[step];
  return async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: label });
    const inBanner = within(banner);
    await expect(inBanner.getByText('Next step')).toBeVisible();
    await expect(inBanner.getByText(estimate)).toBeVisible();
    await expect(inBanner.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await userEvent.click(inBanner.getByRole('button', { name: action }));
    await expect(args.onAction).toHaveBeenCalledTimes(1);
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ step, label, target }));
    await expect(args.onDismiss).not.toHaveBeenCalled();
    // The call to action does not hide the banner; the app navigates away.
    await expect(canvas.getByRole('region', { name: label })).toBeVisible();
  };
}

/** No wallet yet. */
export const CreateWallet: Story = {
  name: 'Step 1 — Create your wallet',
  args: { nudge: nudgeFor(newInvestor) },
  play: expectNudge('wallet'),
};

/** Wallet created, KYC not approved. */
export const CompleteKyc: Story = {
  name: 'Step 2 — Complete KYC',
  args: { nudge: nudgeFor(withWallet) },
  play: expectNudge('kyc'),
};

/** KYC approved, no first on-ramp. */
export const FirstOnramp: Story = {
  name: 'Step 3 — Make your first onramp',
  args: { nudge: nudgeFor(kycApproved) },
  play: expectNudge('onramp'),
};

/** Dismiss hides the banner for this view and tells the app, which may remember it per page. */
export const Dismissed: Story = {
  name: 'Dismiss hides it',
  args: { nudge: nudgeFor(withWallet) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'Complete KYC' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'Complete KYC' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Continue KYC' })).toBeNull();
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

/** A custom call-to-action text, e.g. on a page that words it differently. */
export const CustomActionLabel: Story = {
  name: 'Custom call-to-action text',
  args: { nudge: nudgeFor(newInvestor), actionLabel: 'Set up wallet' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Create Wallet' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Set up wallet' }));
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ step: 'wallet' }));
  },
};

/** Nothing outstanding (a funded investor) or not an investor: nudgeFor() is null and nothing renders. */
export const NothingToNudge: Story = {
  name: 'No nudge (funded investor or other role)',
  args: { nudge: nudgeFor(funded) },
  play: async ({ canvasElement, args }) => {
    await expect(args.nudge).toBeNull();
    await expect(nudgeFor({ ...newInvestor, role: 'compliance' })).toBeNull();
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByText('Next step')).toBeNull();
  },
};
