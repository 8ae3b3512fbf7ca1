import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoDecisions, demoProviderAnswers } from '../../../../../mocks/story';
import { type AppStoryParameters, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import { DemoKycProvider } from './DemoKycProvider';
import { DemoPaymentProvider } from './DemoPaymentProvider';

const investor = sessionAs('investor', storyUsers.walletInvestor);
const demoApp = { url: '/kyc-verification', session: investor, demo: true } satisfies AppStoryParameters;

/** Every request to the demo controls this story made (none outside demo mode). */
const embeddedCalls = fn().mockName('embedded/v1');

const meta = {
  title: 'Screens/DemoProviders',
  component: DemoKycProvider,
  decorators: [withApp],
  args: { kycStatus: 'not_started' },
  parameters: { layout: 'padded', app: demoApp },
} satisfies Meta<typeof DemoKycProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the demo KYC provider decides next: the provider's default pressed, the host's labels as choices. */
export const KycChoices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Demo: KYC provider' }, SLOW)).toBeVisible();
    const group = within(
      await canvas.findByRole('group', { name: 'What the provider decides for your next verification' }, SLOW),
    );
    await expect(group.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Provider default (Approve)',
      'Approve',
      'Leave for compliance review',
      'Reject',
      'Ask to resubmit',
    ]);
    await expect(group.getByRole('button', { name: 'Provider default (Approve)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Not pending: nothing to decide now.
    await expect(canvas.queryByRole('button', { name: 'Reject now' })).toBeNull();
  },
};

/** From the keyboard: Tab to Reject, Enter; it stays pressed once the host has it. */
export const KycChooseFromKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = within(
      await canvas.findByRole('group', { name: 'What the provider decides for your next verification' }, SLOW),
    );
    group.getByRole('button', { name: 'Leave for compliance review' }).focus();
    await userEvent.tab();
    await expect(group.getByRole('button', { name: 'Reject' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(
      () => expect(group.getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-pressed', 'true'),
      SLOW,
    );
    await expect(group.getByRole('button', { name: 'Provider default (Approve)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

/** A choice the host cannot save: its message as an alert, which is absent until then; the choice stays unpressed. */
export const KycChoiceRefused: Story = {
  parameters: {
    msw: {
      handlers: [http.post('*/embedded/v1/next', () => HttpResponse.json({ error: 'unavailable' }, { status: 503 }))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = within(
      await canvas.findByRole('group', { name: 'What the provider decides for your next verification' }, SLOW),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(group.getByRole('button', { name: 'Reject' }));
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(/Your choice could not be saved/);
    await expect(group.getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** A case pending at the provider: decide it now (only the outcomes that send a verdict). */
export const KycDecideNow: Story = {
  args: { kycStatus: 'pending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = within(
      await canvas.findByRole('group', { name: 'Your verification is with the provider. Decide it now:' }, SLOW),
    );
    await expect(group.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Approve now',
      'Reject now',
      'Ask to resubmit now',
    ]);
    await userEvent.click(group.getByRole('button', { name: 'Reject now' }));
    await expect(await canvas.findByText('Demo: the provider decided: Reject.', {}, SLOW)).toBeVisible();
    await expect(demoDecisions).toHaveBeenCalledWith(expect.stringContaining('/kyc/decide'), { outcome: 'reject' });
  },
};

/** The outcomes still loading: a named busy region under the panel's heading. */
export const Loading: Story = {
  parameters: { msw: { handlers: [demoProviderAnswers.loading] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Demo: KYC provider: loading…', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

/** The outcomes failed: the error and its Retry, which loads them. */
export const ErrorThenRetry: Story = {
  parameters: { msw: { handlers: [demoProviderAnswers.failsFirst] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(
      within(alert).getByRole('heading', { name: 'Demo: KYC provider: the controls could not be loaded' }),
    ).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(
      await canvas.findByRole('group', { name: 'What the provider decides for your next verification' }, SLOW),
    ).toBeVisible();
  },
};

/** Outside demo mode nothing shows, and nothing is asked of the embedded host. */
export const NotInDemoMode: Story = {
  parameters: {
    app: { ...demoApp, demo: false },
    msw: {
      handlers: [
        http.all('*/embedded/v1/*', () => {
          embeddedCalls();
          return HttpResponse.json({ error: 'not expected' }, { status: 500 });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The session has loaded (the frame renders), yet no panel and no request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('heading', { name: 'Demo: KYC provider' })).toBeNull();
    await expect(embeddedCalls).not.toHaveBeenCalled();
  },
};

const sessions = demoProviderAnswers.sessions([
  {
    id: 'cs_test_transfer',
    amountCents: 5000,
    status: 'pending',
    outcomes: ['bank_transfer_arrives', 'bank_transfer_fails'],
  },
  { id: 'cs_test_card', amountCents: 2500, status: 'settled', outcomes: ['refund', 'chargeback'] },
]);

/** The payment provider: what the next payment does, and each payment's follow-ups; a charge-back asks the wallet to read again. */
export const PaymentChoices: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: { app: { ...demoApp, url: '/wallet' }, msw: { handlers: [sessions] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Demo: payment provider' }, SLOW)).toBeVisible();
    const next = within(await canvas.findByRole('group', { name: 'What your next payment does' }, SLOW));
    await expect(next.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Provider default (Payment settles)',
      'Payment settles',
      'Payment fails',
      'Pay by bank transfer',
    ]);
    const awaiting = within(canvas.getByRole('group', { name: 'Payment of €50, awaiting the bank transfer' }));
    await expect(awaiting.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Bank transfer arrives',
      'Bank transfer fails',
    ]);
    const settled = within(canvas.getByRole('group', { name: 'Payment of €25, settled' }));
    await userEvent.click(settled.getByRole('button', { name: 'Charged back' }));
    await expect(await canvas.findByText('Demo: Charged back: sent for your payment of €25.', {}, SLOW)).toBeVisible();
    await expect(args.onDecided).toHaveBeenCalledTimes(1);
    await expect(demoDecisions).toHaveBeenCalledWith(expect.stringContaining('/payments/decide'), {
      sessionId: 'cs_test_card',
      outcome: 'chargeback',
    });
  },
};

/** No payment yet: only the choice of what the next one does. */
export const PaymentsNone: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: { app: { ...demoApp, url: '/wallet' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No payments yet.', {}, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pay by bank transfer' }));
    await waitFor(
      () =>
        expect(canvas.getByRole('button', { name: 'Pay by bank transfer' })).toHaveAttribute('aria-pressed', 'true'),
      SLOW,
    );
  },
};

/** The provider's webhook refused the event: the panel says so, and the wallet still reads again. */
export const PaymentDecisionRefused: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: {
    app: { ...demoApp, url: '/wallet' },
    msw: { handlers: [sessions, demoProviderAnswers.decisionRefused] },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const awaiting = within(
      await canvas.findByRole('group', { name: 'Payment of €50, awaiting the bank transfer' }, SLOW),
    );
    await userEvent.click(awaiting.getByRole('button', { name: 'Bank transfer arrives' }));
    await expect(
      await canvas.findByText(
        'Demo: the provider’s event could not be sent: The provider’s event was refused (HTTP 401)',
        {},
        SLOW,
      ),
    ).toBeVisible();
    await expect(args.onDecided).toHaveBeenCalledTimes(1);
  },
};

const WITHDRAWALS_PATH = '*/embedded/v1/payments/withdrawals';

/** The member's withdrawals as the host lists them: one awaiting its payout, one already paid out. */
const withdrawalRows = [
  {
    id: '5d0f6a1e-0b1c-4c55-9a63-1f2e3d4c5b6a',
    amountCents: 10_000,
    currency: 'EUR',
    status: 'requested',
    outcomes: ['payout_arrives', 'payout_fails'],
  },
  { id: '8e2a4c6b-7d9f-4a1b-8c3d-5e6f7a8b9c0d', amountCents: 4_000, currency: 'EUR', status: 'paid', outcomes: [] },
];
const withdrawals = http.get(WITHDRAWALS_PATH, () => HttpResponse.json(withdrawalRows));
const walletApp = { ...demoApp, url: '/wallet' } satisfies AppStoryParameters;

/** A withdrawal awaiting its payout: Payout arrives sends it, and the wallet is asked to read its figures again. */
export const PayoutArrives: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: { app: walletApp, msw: { handlers: [withdrawals] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const awaiting = within(
      await canvas.findByRole('group', { name: 'Withdrawal of €100, awaiting its payout' }, SLOW),
    );
    await expect(awaiting.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Payout arrives',
      'Payout fails',
    ]);
    // Only what awaits its payout is listed: the paid-out €40 is not.
    await expect(canvas.queryByRole('group', { name: /Withdrawal of €40/ })).toBeNull();
    await expect(canvas.queryByText('No withdrawal awaiting its payout.')).toBeNull();
    await userEvent.click(awaiting.getByRole('button', { name: 'Payout arrives' }));
    await expect(
      await canvas.findByText('Demo: Payout arrives: sent for your withdrawal of €100.', {}, SLOW),
    ).toBeVisible();
    await expect(args.onDecided).toHaveBeenCalledTimes(1);
    await expect(demoDecisions).toHaveBeenCalledWith(expect.stringContaining('/payments/payout'), {
      withdrawalId: '5d0f6a1e-0b1c-4c55-9a63-1f2e3d4c5b6a',
      outcome: 'payout_arrives',
    });
  },
};

/** From the keyboard: Tab from Payout arrives to Payout fails, Enter sends the failure; focus stays in the section. */
export const PayoutFailsFromKeyboard: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: { app: walletApp, msw: { handlers: [withdrawals] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const awaiting = within(
      await canvas.findByRole('group', { name: 'Withdrawal of €100, awaiting its payout' }, SLOW),
    );
    awaiting.getByRole('button', { name: 'Payout arrives' }).focus();
    await userEvent.tab();
    await expect(awaiting.getByRole('button', { name: 'Payout fails' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(
      await canvas.findByText('Demo: Payout fails: sent for your withdrawal of €100.', {}, SLOW),
    ).toBeVisible();
    // Focus stays in the section, ready for the next withdrawal, not lost with the decided one.
    await expect(canvas.getByRole('heading', { name: 'Your withdrawals awaiting their payout' })).toHaveFocus();
    await expect(args.onDecided).toHaveBeenCalledTimes(1);
    await expect(demoDecisions).toHaveBeenCalledWith(expect.stringContaining('/payments/payout'), {
      withdrawalId: '5d0f6a1e-0b1c-4c55-9a63-1f2e3d4c5b6a',
      outcome: 'payout_fails',
    });
  },
};

/** Every withdrawal already decided: the panel says none awaits its payout, and offers no payout button. */
export const PayoutsNoneAwaiting: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: {
    app: walletApp,
    msw: { handlers: [http.get(WITHDRAWALS_PATH, () => HttpResponse.json(withdrawalRows.slice(1)))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No withdrawal awaiting its payout.', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Payout arrives' })).toBeNull();
    await expect(canvas.queryByRole('group', { name: /Withdrawal of/ })).toBeNull();
  },
};

/** The withdrawals still loading: the panel's busy region, no payout control yet. */
export const PayoutsLoading: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: {
    app: walletApp,
    msw: {
      handlers: [
        http.get(WITHDRAWALS_PATH, async () => {
          await delay('infinite');
          return HttpResponse.json([]);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Demo: payment provider: loading…', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'What your next payment does' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Payout arrives' })).toBeNull();
  },
};

/** The withdrawals fail at first: the panel's error and its Retry, which lists them. */
const withdrawalReads = fn().mockName('embedded/v1/payments/withdrawals');
export const PayoutsErrorThenRetry: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: {
    app: walletApp,
    msw: {
      handlers: [
        http.get(WITHDRAWALS_PATH, () => {
          withdrawalReads();
          return withdrawalReads.mock.calls.length === 1
            ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
            : HttpResponse.json(withdrawalRows);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(
      within(alert).getByRole('heading', { name: 'Demo: payment provider: the controls could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Withdrawal of €100, awaiting its payout' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(
      await canvas.findByRole('group', { name: 'Withdrawal of €100, awaiting its payout' }, SLOW),
    ).toBeVisible();
    await expect(withdrawalReads).toHaveBeenCalledTimes(2);
  },
};

/** The provider's webhook refused the payout's event: the panel says so, and the wallet still reads again. */
export const PayoutRefused: StoryObj<typeof DemoPaymentProvider> = {
  render: (args) => <DemoPaymentProvider {...args} />,
  args: { onDecided: fn() },
  parameters: {
    app: walletApp,
    msw: {
      handlers: [
        withdrawals,
        http.post('*/embedded/v1/payments/payout', () =>
          HttpResponse.json({
            outcome: 'payout_arrives',
            deliveries: [{ event: 'payout.paid', status: 422, body: { error: 'unknown withdrawal' } }],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const awaiting = within(
      await canvas.findByRole('group', { name: 'Withdrawal of €100, awaiting its payout' }, SLOW),
    );
    await userEvent.click(awaiting.getByRole('button', { name: 'Payout arrives' }));
    await expect(
      await canvas.findByText(
        'Demo: the provider’s event could not be sent: The provider’s event was refused (HTTP 422)',
        {},
        SLOW,
      ),
    ).toBeVisible();
    await expect(args.onDecided).toHaveBeenCalledTimes(1);
  },
};
