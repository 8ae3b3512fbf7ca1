import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { onrampSessionAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  captureTelemetry,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
import Wallet from '.';
import { ExternalNavigation } from './externalNavigation';

const meta = {
  title: 'Screens/Wallet',
  component: Wallet,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    // Parameters merge deeply, so the default is the user with the fewest fields; stories add to it.
    app: { url: '/wallet', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
  // The balance is kept in localStorage per user; every story starts from zero.
  beforeEach: () => {
    localStorage.removeItem(`vault.walletBalance.${storyUsers.newInvestor.id}`);
  },
} satisfies Meta<typeof Wallet>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No wallet id yet: 'Your wallet is being set up', its benefits, the live next steps and a way to Settings. */
export const WithoutWallet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your wallet is being set up' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Benefits' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Next steps' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create wallet' })).toHaveAttribute('href', '/settings');
    await userEvent.click(canvas.getByRole('link', { name: 'Create your wallet in Settings' }));
    await expectNavigatedTo(canvasElement, '/settings');
  },
};

let telemetry: ReturnType<typeof captureTelemetry> | null = null;

/** Not funded: €19.99 is refused with the visible error; €20 goes through the bank step and unlocks. */
export const FirstOnramp: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) } },
  beforeEach: () => {
    telemetry = captureTelemetry();
    return () => telemetry?.restore();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(storyUsers.kycInvestor.crossmintWalletId ?? '')).toBeVisible();
    await expect(within(canvas.getByRole('group', { name: 'Balance' })).getByText('€0')).toBeVisible();
    const amount = canvas.getByLabelText('Amount (EUR)');
    await userEvent.type(amount, '19.99');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to your bank' }));
    const error = canvas.getByRole('alert');
    await expect(error).toHaveTextContent(messages.minimumOnramp);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(messages.minimumOnramp);

    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await expect(error).toHaveTextContent('');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to your bank' }));
    await expect(canvas.getByRole('heading', { name: 'Confirm with your bank' })).toBeVisible();
    await expect(canvas.getByText('€20')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Authorise payment' }));

    await expect(await canvas.findByRole('heading', { name: 'Next best actions' }, SLOW)).toBeVisible();
    await expectToast(messages.fundedMember);
    await expect(within(canvas.getByRole('group', { name: 'Balance' })).getByText('€20')).toBeVisible();
    const funded = () => (telemetry?.sink.mock.calls ?? []).filter(([event]) => event.type === 'funded-member');
    await expect(funded()).toHaveLength(1);
    await expect(funded()[0]?.[0]).toEqual(
      expect.objectContaining({ type: 'funded-member', context: { userId: storyUsers.kycInvestor.id } }),
    );
    await expect(screen.getAllByText(messages.fundedMember)).toHaveLength(1);
  },
};

/** A suggestion fills the amount. */
export const Suggestion: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '€50' }));
    await expect(canvas.getByLabelText('Amount (EUR)')).toHaveValue('50');
    await expect(canvas.getByRole('button', { name: '€50' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Already funded: next best actions, no on-ramp form, and no repeated 'Funded Member unlocked'. */
export const Funded: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.fundedInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Next best actions' })).toBeVisible();
    await expect(canvas.queryByLabelText('Amount (EUR)')).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Bank Account Linking' })).toBeVisible();
    const console = canvas.getByRole('link', { name: /Open wallet console/ });
    await expect(console).toHaveAttribute('target', '_blank');
    await expect(console).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(screen.queryByText(messages.fundedMember)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Reset first on-ramp' })).toBeNull();
  },
};

/** Copy puts the wallet id on the clipboard and says so. */
export const CopyWalletId: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(screen.getByText(/Wallet ID copied to clipboard|Could not copy the wallet ID/)).toBeVisible(),
    );
  },
};

/** Bank Account Linking. */
export const LinkBankAccount: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Link Bank Account' }));
    await expectToast('Bank account linked');
    await expect(canvas.getByText(/Bank account linked through open banking/)).toBeVisible();
  },
};

/** Demo mode: the reset button clears the first-on-ramp flag, and the on-ramp form is back. */
export const DemoReset: Story = {
  parameters: { app: { url: '/wallet', session: sessionAs('investor', storyUsers.fundedInvestor), demo: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset first on-ramp' }));
    await expect(await canvas.findByRole('heading', { name: 'Make your first on-ramp' }, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Next best actions' })).toBeNull();
  },
};

/** Up to the bank step with €20, from the keyboard. */
async function toBankStep(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Amount (EUR)'), '20');
  await userEvent.keyboard('{Enter}');
  await expect(canvas.getByRole('heading', { name: 'Confirm with your bank' })).toBeVisible();
  return canvas;
}

/** Where the member would have been sent: recorded by the story instead of leaving it. */
const providerPages: string[] = [];
const providerPage = 'https://checkout.stripe.com/c/pay/cs_story';

/** A provider with a payment page: the member is sent there; nothing is funded until its webhook. */
export const OnrampPending: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: {
      handlers: [
        http.post('*/functions/v1/onramp-session', () =>
          HttpResponse.json({
            success: true,
            provider: 'stripe',
            status: 'pending',
            url: providerPage,
            sessionId: 'cs_story',
            error: null,
          }),
        ),
      ],
    },
  },
  decorators: [
    (Story) => (
      <ExternalNavigation.Provider value={(url) => providerPages.push(url)}>
        <Story />
      </ExternalNavigation.Provider>
    ),
  ],
  beforeEach: () => {
    providerPages.length = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = await toBankStep(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Authorise payment' }));
    await expect(await canvas.findByText('Taking you to your bank…', {}, SLOW)).toBeVisible();
    await expect(providerPages).toEqual([providerPage]);
    await expect(canvas.queryByRole('heading', { name: 'Next best actions' })).toBeNull();
    await expect(screen.queryByText(messages.fundedMember)).toBeNull();
  },
};

/** The provider is down: the server's message, Try again, and Cancel finds the amount as typed. */
export const OnrampError: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [...onrampSessionAnswers.unavailable] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await toBankStep(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Authorise payment' }));
    await expectToast('The on-ramp could not be completed');
    // The form's own alert (the toast says it too).
    const alert = await canvas.findByText('The payment provider is unavailable', { selector: 'p[role="alert"]' }, SLOW);
    await expect(alert).toBeVisible();
    const retry = canvas.getByRole('button', { name: 'Try again' });
    await expect(retry).toHaveAccessibleDescription('The payment provider is unavailable');
    await expect(canvas.queryByRole('heading', { name: 'Next best actions' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByLabelText('Amount (EUR)')).toHaveValue('20');
  },
};

/** WithoutWallet on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const WithoutWalletPhone: Story = {
  ...WithoutWallet,
  name: 'Without Wallet — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
