import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, type LedgerLineRow, messages } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { onrampSessionAnswers, rpcAnswer, rpcLoading, rpcRefusal } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  captureTelemetry,
  expectNavigatedTo,
  expectToast,
  recordedRpc,
  SLOW,
  sessionAs,
  storyBalance,
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

/** The server's balance: nothing before the on-ramp, the €20 the ledger credited after it. */
const balanceBeforeAndAfter = recordedRpc('my_balance', (_body, call) => [
  call === 1
    ? { available_cents: 0, held_cents: 0, total_cents: 0 }
    : { available_cents: 2000, held_cents: 0, total_cents: 2000 },
]);

/** Not funded: €19.99 is refused with the visible error; €20 goes through the bank step and unlocks. */
export const FirstOnramp: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [balanceBeforeAndAfter.handler] },
  },
  beforeEach: () => {
    telemetry = captureTelemetry();
    return () => telemetry?.restore();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(storyUsers.kycInvestor.crossmintWalletId ?? '')).toBeVisible();
    await expect(await within(canvas.getByRole('group', { name: 'Balance' })).findByText('€0', {}, SLOW)).toBeVisible();
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
    await expect(
      await within(canvas.getByRole('group', { name: 'Balance' })).findByText('€20', {}, SLOW),
    ).toBeVisible();
    // Read again from the server after the payment settled, not added up in the browser.
    await expect(balanceBeforeAndAfter.calls).toHaveLength(2);
    await expect(Object.keys(localStorage).filter((key) => /balance/i.test(key))).toEqual([]);
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

/**
 * Back from the payment provider's checkout (`?onramp=success`), already funded: the payment settled
 * while the member was away, so this page is where 'Funded Member unlocked' is announced.
 */
export const ReturnedFromCheckout: Story = {
  parameters: {
    app: {
      url: '/wallet?onramp=success&session_id=cs_test_story',
      session: sessionAs('investor', storyUsers.fundedInvestor),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToast(messages.fundedMember);
    await expect(canvas.getByRole('heading', { name: 'Next best actions' })).toBeVisible();
    await expect(canvas.queryByLabelText('Amount (EUR)')).toBeNull();
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

/** The member's account as link_bank_account stores it and my_bank_account then shows it. */
const linkedRow = {
  holder_name: 'Ada Lovelace',
  iban_masked: 'DE•• …3000',
  bic: null,
  linked_at: '2025-03-04T10:00:00Z',
};

/** This story's links: my_bank_account answers none until one was made, then the linked row. */
const linking = recordedRpc('link_bank_account', (body) => ({
  member_id: storyUsers.kycInvestor.id,
  holder_name: String(body.holder_name).trim(),
  iban: String(body.iban),
  bic: null,
  linked_at: linkedRow.linked_at,
}));
const linkedAfterLinking = recordedRpc('my_bank_account', () => (linking.calls.length > 0 ? [linkedRow] : []));

/**
 * Bank Account Linking from the keyboard: the form opens on the holder's name; the IBAN typed with
 * spaces and in lower case is sent once, as stored; the server's account is read again and shown,
 * its IBAN masked, with the focus back on the card.
 */
export const LinkBankAccount: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [linking.handler, linkedAfterLinking.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW));
    const holder = canvas.getByLabelText('Account holder');
    await waitFor(() => expect(holder).toHaveFocus());
    await userEvent.keyboard('Ada Lovelace');
    await userEvent.tab();
    await expect(canvas.getByLabelText('IBAN')).toHaveFocus();
    await userEvent.keyboard('de89 3704 0044 0532 0130 00{Enter}');
    await expectToast('Bank account linked');
    await expect(await canvas.findByTestId('linked-iban', {}, SLOW)).toHaveTextContent('DE•• …3000');
    await expect(canvas.getByText('Ada Lovelace')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Unlink' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Link Bank Account' })).toBeNull();
    await expect(linking.calls).toEqual([{ holder_name: 'Ada Lovelace', iban: 'DE89370400440532013000' }]);
    await expect(canvas.getByRole('heading', { name: 'Bank Account Linking' })).toHaveFocus();
  },
};

/**
 * Checked before sending: nothing typed refuses both fields, focus on the first; a wrong check digit
 * refuses the IBAN beside it, as typed; nothing reaches the server.
 */
export const LinkBankAccountInvalid: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [linking.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW));
    await userEvent.click(canvas.getByRole('button', { name: 'Link account' }));
    const holder = canvas.getByLabelText('Account holder');
    const iban = canvas.getByLabelText('IBAN');
    await expect(holder).toHaveAccessibleDescription("The account holder's name must have 1 to 140 characters.");
    await expect(iban).toHaveAccessibleDescription('An IBAN is required.');
    await expect(holder).toHaveFocus();
    await userEvent.type(holder, 'Ada Lovelace');
    await expect(holder).not.toHaveAttribute('aria-invalid');
    await userEvent.type(iban, 'DE89 3704 0044 0532 0130 01{Enter}');
    await expect(iban).toHaveAccessibleDescription(
      "The IBAN's check digits do not match the rest: check it for a typo.",
    );
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 01');
    await expect(holder).toHaveValue('Ada Lovelace');
    await expect(iban).toHaveFocus();
    await expect(linking.calls).toHaveLength(0);
  },
};

/** The server refuses: its reason beside the IBAN, what was typed kept, the form still open. */
export const LinkBankAccountRefused: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [rpcRefusal('link_bank_account', actionErrors.ibanBadLength('DE', 22))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW));
    await userEvent.type(canvas.getByLabelText('Account holder'), 'Ada Lovelace');
    const iban = canvas.getByLabelText('IBAN');
    await userEvent.type(iban, 'DE89370400440532013000{Enter}');
    await waitFor(() => expect(iban).toHaveAccessibleDescription('An IBAN from DE has 22 characters.'), SLOW);
    await expect(iban).toHaveValue('DE89370400440532013000');
    await expect(canvas.getByLabelText('Account holder')).toHaveValue('Ada Lovelace');
    await expect(iban).toHaveFocus();
    await expect(screen.queryByText('Bank account linked')).toBeNull();
  },
};

/** Escape cancels the form: nothing is sent, and focus is back on Link Bank Account. */
export const LinkBankAccountCancelled: Story = {
  tags: ['no-visual'],
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [linking.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW));
    await userEvent.keyboard('Ada{Escape}');
    await expect(canvas.queryByLabelText('Account holder')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Link Bank Account' })).toHaveFocus());
    await expect(linking.calls).toHaveLength(0);
  },
};

/** Linked: the holder and the masked IBAN, Unlink, and Withdraw naming where the payout goes. */
export const BankAccountLinked: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.fundedInvestor) },
    msw: { handlers: [rpcAnswer('my_balance', [storyBalance]), rpcAnswer('my_bank_account', [linkedRow])] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('linked-iban', {}, SLOW)).toHaveTextContent('DE•• …3000');
    await expect(canvas.getByText('Bank account linked. Your withdrawals are paid to it.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Unlink' })).toBeVisible();
    await expect(await canvas.findByTestId('payout-account', {}, SLOW)).toHaveTextContent('DE•• …3000');
    await expect(canvas.getByText(/The payout goes to your linked bank account, Ada Lovelace,/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Link Bank Account' })).toBeNull();
  },
};

const unlinking = recordedRpc('unlink_bank_account', () => true);
const linkedUntilUnlinked = recordedRpc('my_bank_account', () => (unlinking.calls.length > 0 ? [] : [linkedRow]));

/**
 * Unlink asks first: Escape keeps the account; confirming unlinks it once, the account is read
 * again, and the card offers Link Bank Account, focused; Withdraw then says where the payout goes.
 */
export const UnlinkBankAccount: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.fundedInvestor) },
    msw: { handlers: [rpcAnswer('my_balance', [storyBalance]), unlinking.handler, linkedUntilUnlinked.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Unlink' }, SLOW));
    const question = canvas.getByRole('group', { name: /Unlink DE•• …3000\?/ });
    await expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Unlink' })).toHaveFocus());
    await expect(unlinking.calls).toHaveLength(0);

    await userEvent.click(canvas.getByRole('button', { name: 'Unlink' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Unlink account' }));
    await expectToast('Bank account unlinked');
    const link = await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW);
    await waitFor(() => expect(link).toHaveFocus());
    await expect(canvas.queryByTestId('linked-iban')).toBeNull();
    await expect(unlinking.calls).toHaveLength(1);
    await expect(canvas.queryByTestId('payout-account')).toBeNull();
    await expect(canvas.getByText(/The payout goes back to the account your deposits came from/)).toBeVisible();
  },
};

/** The linked account loading: the card waits, announced as busy, with no button to press yet. */
export const BankAccountLoading: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [rpcLoading('my_bank_account')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('bank-account-loading', {}, SLOW)).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button', { name: 'Link Bank Account' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Unlink' })).toBeNull();
  },
};

/** The linked account cannot be read: the failure with Retry, and no button that would act on a guess. */
export const BankAccountFailed: Story = {
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [rpcRefusal('my_bank_account', { code: 'XX000', message: 'Service unavailable' }, 500)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your linked bank account could not be loaded.', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Link Bank Account' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Unlink' })).toBeNull();
  },
};

const failingOnce = recordedRpc('my_bank_account', (_body, call) =>
  call === 1
    ? HttpResponse.json({ code: 'XX000', message: 'Service unavailable', details: null, hint: null }, { status: 500 })
    : [],
);

/** Retry after the failure asks again and shows the answer (no shot: it ends as Link Bank Account does). */
export const BankAccountRetried: Story = {
  tags: ['no-visual'],
  parameters: {
    app: { url: '/wallet', session: sessionAs('investor', storyUsers.kycInvestor) },
    msw: { handlers: [failingOnce.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }, SLOW));
    await expect(await canvas.findByRole('button', { name: 'Link Bank Account' }, SLOW)).toBeVisible();
    await expect(canvas.queryByText('Your linked bank account could not be loaded.')).toBeNull();
    await expect(failingOnce.calls).toHaveLength(2);
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

const funded = sessionAs('investor', storyUsers.fundedInvestor);

const storyLines: LedgerLineRow[] = [
  {
    seq: 3,
    occurred_at: '2025-03-03T10:00:00Z',
    description: 'Investment in Baltic Offshore Wind Notes',
    amount_cents: -202_000,
    balance_cents: 123_456,
  },
  {
    seq: 2,
    occurred_at: '2025-03-02T10:00:00Z',
    description: 'Deposit',
    amount_cents: 300_000,
    balance_cents: 325_456,
  },
  { seq: 1, occurred_at: '2025-03-01T10:00:00Z', description: 'Deposit', amount_cents: 25_456, balance_cents: 25_456 },
];

/** The server's cash: available, held and in all, and the ledger's lines with their running balance. */
export const BalanceAndLines: Story = {
  parameters: {
    app: { url: '/wallet', session: funded },
    msw: { handlers: [rpcAnswer('my_balance', [storyBalance]), rpcAnswer('my_ledger_lines', storyLines)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await within(canvas.getByRole('group', { name: 'Balance' })).findByText('€1,234.56', {}, SLOW),
    ).toBeVisible();
    const held = canvas.getByRole('group', { name: 'Held' });
    await expect(within(held).getByText('€2,020')).toBeVisible();
    await expect(held).toHaveTextContent('€3,254.56 in all');
    const table = await canvas.findByRole('table', { name: 'Transactions' }, SLOW);
    const investment = within(table).getByRole('row', { name: /Investment in Baltic Offshore Wind Notes/ });
    await expect(investment).toHaveTextContent('−€2,020');
    await expect(investment).toHaveTextContent('€1,234.56');
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Fewer lines than a page: nothing more to load.
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** A full page: Load more asks for the lines after the last one shown (no shot: 51 rows). */
export const LinesLoadMore: Story = {
  tags: ['no-visual'],
  parameters: {
    app: { url: '/wallet', session: funded },
    msw: {
      handlers: [
        rpcAnswer('my_balance', [storyBalance]),
        recordedRpc('my_ledger_lines', (body) =>
          body.after === null
            ? Array.from({ length: 50 }, (_, i) => ({
                ...storyLines[1],
                seq: 200 - i,
                description: `Deposit ${200 - i}`,
              }))
            : [{ ...storyLines[2], seq: 7, description: 'The oldest deposit' }],
        ).handler,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Transactions' }, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByText('The oldest deposit', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

const withdrawal = recordedRpc('request_withdrawal', (body) => ({
  id: '9a1b0000-0000-4000-8000-000000000001',
  amount_cents: body.amount_cents,
  status: 'requested',
}));

/** Withdraw from the keyboard: a bad amount and too much are refused beside the field, the typing kept; €200 is asked once. */
export const Withdraw: Story = {
  parameters: {
    app: { url: '/wallet', session: funded },
    msw: { handlers: [rpcAnswer('my_balance', [storyBalance]), withdrawal.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const amount = await canvas.findByLabelText('Amount to withdraw (EUR)', {}, SLOW);
    await userEvent.click(amount);
    await userEvent.keyboard('12,5.3{Enter}');
    await expect(amount).toHaveAccessibleDescription('Enter an amount in euros, like 250 or 250.50.');
    await expect(amount).toHaveValue('12,5.3');
    await expect(amount).toHaveFocus();
    await userEvent.clear(amount);
    await userEvent.keyboard('5000{Enter}');
    await expect(amount).toHaveAccessibleDescription('You can withdraw at most €1,234.56.');
    await expect(amount).toHaveValue('5000');
    await expect(withdrawal.calls).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.keyboard('200{Enter}');
    await expect(await canvas.findByText(/Withdrawal of €200 requested/, {}, SLOW)).toBeVisible();
    await expect(withdrawal.calls).toHaveLength(1);
    await expect(withdrawal.calls[0]?.amount_cents).toBe(20_000);
    await expect(String(withdrawal.calls[0]?.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
  },
};

/** The server refuses (the cash moved meanwhile): its reason beside the field, the amount as typed. */
export const WithdrawRefused: Story = {
  parameters: {
    app: { url: '/wallet', session: funded },
    msw: {
      handlers: [
        rpcAnswer('my_balance', [storyBalance]),
        rpcRefusal('request_withdrawal', actionErrors.withdrawalExceedsAvailable),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const amount = await canvas.findByLabelText('Amount to withdraw (EUR)', {}, SLOW);
    await userEvent.type(amount, '1000');
    await userEvent.click(canvas.getByRole('button', { name: 'Withdraw' }));
    await waitFor(
      () => expect(amount).toHaveAccessibleDescription('The amount is more than your available cash.'),
      SLOW,
    );
    await expect(amount).toHaveValue('1000');
  },
};

/** The balance cannot be read: an error with Retry, and no Withdraw with a wrong figure. */
export const BalanceFailed: Story = {
  parameters: {
    app: { url: '/wallet', session: funded },
    msw: { handlers: [rpcRefusal('my_balance', { code: 'XX000', message: 'Service unavailable' }, 500)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Failed to load your balance' }, SLOW)).toBeVisible();
    await expect(canvas.queryByLabelText('Amount to withdraw (EUR)')).toBeNull();
  },
};

/** The balance loading: the figures wait, announced as busy. */
export const BalanceLoading: Story = {
  parameters: { app: { url: '/wallet', session: funded }, msw: { handlers: [rpcLoading('my_balance')] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Balance' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** WithoutWallet on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const WithoutWalletPhone: Story = {
  ...WithoutWallet,
  name: 'Without Wallet — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
