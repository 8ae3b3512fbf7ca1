import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type AppStoryParameters, sessionAs, storyUsers, withApp } from '../../test-support';
import AccessRequired from '.';

const meta = {
  title: 'Screens/AccessRequired',
  component: AccessRequired,
  decorators: [withApp],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AccessRequired>;
export default meta;
type Story = StoryObj<typeof meta>;

const from = encodeURIComponent('/investments/solar-park-groningen');
const app = (url: string, session = sessionAs('investor')): { app: AppStoryParameters } => ({
  app: { url, path: '/access-required', session, shell: true },
});

function expectStep(label: string, estimate: string, button: string, target: string): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access required' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: label })).toBeVisible();
    await expect(canvas.getByText(`Takes ${estimate}.`)).toBeVisible();
    await expect(canvas.getByRole('link', { name: button })).toHaveAttribute('href', target);
    await expect(canvas.getByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      '/investments/solar-park-groningen',
    );
  };
}

export const NeedWallet: Story = {
  parameters: app(`/access-required?need=wallet&from=${from}`),
  play: expectStep('Create wallet', '~1 min', 'Create Wallet', '/settings'),
};

export const NeedKyc: Story = {
  parameters: app(`/access-required?need=kyc&from=${from}`, { user: storyUsers.walletInvestor, isAdmin: false }),
  play: expectStep('Complete KYC', '~3-5 min', 'Continue KYC', '/kyc-verification'),
};

export const NeedOnramp: Story = {
  parameters: app(`/access-required?need=onramp&from=${from}`, { user: storyUsers.kycInvestor, isAdmin: false }),
  play: expectStep('First onramp (€20+)', '~2-3 min', 'Start Onramp', '/wallet'),
};

/** docs/decisions.md (5): an unknown need shows the user's first unmet step instead. */
export const UnknownNeed: Story = {
  parameters: app(`/access-required?need=bogus&from=${from}`, { user: storyUsers.walletInvestor, isAdmin: false }),
  play: expectStep('Complete KYC', '~3-5 min', 'Continue KYC', '/kyc-verification'),
};

/** docs/decisions.md (5): `from` is followed only when internal; an outside address is ignored. */
export const ExternalFromIgnored: Story = {
  parameters: app(`/access-required?need=wallet&from=${encodeURIComponent('//evil.example/phish')}`),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: 'Go back' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NothingMissing: Story = {
  parameters: app(`/access-required?from=${from}`, { user: storyUsers.fundedInvestor, isAdmin: false }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/nothing is missing/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Continue' })).toBeVisible();
  },
};

/** NeedWallet on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const NeedWalletPhone: Story = {
  ...NeedWallet,
  name: 'Need Wallet — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
