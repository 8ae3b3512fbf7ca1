import type { Meta, StoryObj } from '@storybook/react-vite';
import { type BalanceRow, formatIban, investmentPaymentReference, sampleCollectionAccount } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordedRpc, rpcAnswer, rpcLoading, rpcRefusal } from '../../../../../mocks/story';
import { type AppStoryParameters, expectToast, SLOW, sessionAs, storyUsers, withApp } from '../../test-support';
import { AwaitingPayment } from './AwaitingPayment';

const investmentId = '7e570000-0000-4000-8000-0000000000a1';
/** €1,000 available: short of the €5,050 total, so €4,050 is to be sent. */
const shortCash: BalanceRow = { available_cents: 100_000, held_cents: 0, total_cents: 100_000 };

const meta = {
  title: 'Screens/InvestmentFlow/AwaitingPayment',
  component: AwaitingPayment,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: {
      url: `/investments/schools-ghana?step=4&investment=${investmentId}`,
      path: '/investments/:id',
      session: sessionAs('investor', storyUsers.fundedInvestor),
    } satisfies AppStoryParameters,
  },
  args: {
    row: { id: investmentId, method: 'bank', total_cents: 505_000, card_fee_cents: 0 },
    balance: { status: 'ready', rows: [shortCash], error: null, retry: () => {} },
  },
} satisfies Meta<typeof AwaitingPayment>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The text of a DataList row's value, by the row's label (null while the label is not there). */
function dataValue(canvasElement: HTMLElement, label: string): string | null {
  const item = within(canvasElement).queryByText(label, { selector: '.rt-DataListLabel' })?.closest('.rt-DataListItem');
  return item?.querySelector('.rt-DataListValue')?.textContent ?? null;
}

/** What this story put on the clipboard (a spy: empty at every story's start). */
const copied = fn<(text: string) => Promise<void>>().mockName('clipboard.writeText');

/**
 * A bank transfer: where it goes, from the server's settings (the beneficiary, the IBAN in groups of
 * four, the BIC) and the reference unique to this investment. Copy IBAN copies it without spaces.
 */
export const BankDetails: Story = {
  beforeEach: () => {
    // An own property over the browser's getter, removed again after the story.
    copied.mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: copied } });
    return () => {
      Reflect.deleteProperty(navigator, 'clipboard');
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const iban = await canvas.findByTestId('collection-iban', {}, SLOW);
    await expect(iban).toHaveTextContent(formatIban(sampleCollectionAccount.iban));
    await expect(canvas.getByTestId('collection-beneficiary')).toHaveTextContent(sampleCollectionAccount.beneficiary);
    await expect(canvas.getByTestId('collection-bic')).toHaveTextContent(sampleCollectionAccount.bic ?? '');
    await expect(dataValue(canvasElement, 'Amount to pay')).toBe('€4,050');
    await expect(await canvas.findByTestId('payment-reference', {}, SLOW)).toHaveTextContent(
      investmentPaymentReference(investmentId),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Copy IBAN' }));
    await expectToast('IBAN copied to clipboard');
    await expect(copied).toHaveBeenCalledWith(sampleCollectionAccount.iban);
    await expect(canvas.queryByText(/sent to you by email/)).toBeNull();
  },
};

/** No account configured on the server: plain words instead of blanks; the reference still shows. */
export const BankDetailsByEmail: Story = {
  parameters: { msw: { handlers: [rpcAnswer('payment_collection_account', [])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('We will send you the bank details for your transfer by email.', {}, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByText('Beneficiary')).toBeNull();
    await expect(canvas.queryByText('IBAN', { selector: '.rt-DataListLabel' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Copy IBAN' })).toBeNull();
    await expect(await canvas.findByTestId('payment-reference', {}, SLOW)).toBeVisible();
  },
};

/** The bank details loading: each row waits, marked busy. */
export const BankDetailsLoading: Story = {
  parameters: { msw: { handlers: [rpcLoading('payment_collection_account')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const label of ['Beneficiary', 'IBAN', 'BIC']) {
      const value = canvas.getByText(label, { selector: '.rt-DataListLabel' }).closest('.rt-DataListItem');
      await expect(value?.querySelector('.rt-DataListValue')).toHaveAttribute('aria-busy', 'true');
    }
    await expect(canvas.queryByRole('button', { name: 'Copy IBAN' })).toBeNull();
  },
};

/** The bank details cannot be read: the failure with Retry, and no IBAN to copy. */
export const BankDetailsFailed: Story = {
  parameters: {
    msw: {
      handlers: [rpcRefusal('payment_collection_account', { code: 'XX000', message: 'Service unavailable' }, 500)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The bank details could not be loaded.', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.queryByTestId('collection-iban')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Copy IBAN' })).toBeNull();
  },
};

const failingOnce = recordedRpc('payment_collection_account', (_body, call) =>
  call === 1
    ? HttpResponse.json({ code: 'XX000', message: 'Service unavailable', details: null, hint: null }, { status: 500 })
    : [sampleCollectionAccount],
);

/** Retry after the failure asks again and shows the details (no shot: it ends as Bank Details does). */
export const BankDetailsRetried: Story = {
  tags: ['no-visual'],
  parameters: { msw: { handlers: [failingOnce.handler] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }, SLOW));
    await expect(await canvas.findByTestId('collection-iban', {}, SLOW)).toHaveTextContent(
      formatIban(sampleCollectionAccount.iban),
    );
    await expect(canvas.queryByText('The bank details could not be loaded.')).toBeNull();
    await waitFor(() => expect(failingOnce.calls).toHaveLength(2));
  },
};

/** A card payment: no bank details and no reference, only the checkout of what is missing. */
export const CardPayment: Story = {
  args: { row: { id: investmentId, method: 'card', total_cents: 507_575, card_fee_cents: 7_575 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Pay €4,075.75 by card' }, SLOW)).toBeVisible();
    await expect(canvas.queryByText('Beneficiary')).toBeNull();
    await expect(canvas.queryByText('Payment reference')).toBeNull();
  },
};
