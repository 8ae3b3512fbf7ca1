import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  actionErrors,
  type BalanceRow,
  CANCELLATION_WINDOW_DAYS,
  formatEuros,
  type InvestmentRow,
  investmentErrorText,
  investmentFunding,
  investmentPaymentReference,
  investmentQuote,
  messages,
  type PaymentMethod,
  paymentMethods,
  sampleMemberRows,
} from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordedRpc, rpcAnswer, rpcLoading, rpcRefusal, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
import { ExternalNavigation } from '../Wallet/externalNavigation';
import InvestmentFlow from '.';

const investor = sessionAs('investor', storyUsers.fundedInvestor);
const url = '/investments/schools-ghana';

/**
 * The investor is classified (a company in the Netherlands, whom every sample opportunity admits
 * without a questionnaire or a cooling-off, docs/eligibility.md): nothing refuses, so Confirm
 * reaches the server's other checks.
 */
const classified = [
  rpcAnswer('investment_eligibility', null),
  tableAnswers.rows('investor_profiles', [
    {
      member_id: storyUsers.fundedInvestor.id,
      country: 'NL',
      category: 'corporate',
      answers: {},
      declared_at: '2025-01-06T09:00:00.000Z',
    },
  ]),
];

const submittedId = '7e570000-0000-4000-8000-0000000000f1';

/**
 * The investment `submit_investment` stores for a call, with the domain's fees: Pending (the cash
 * covered the total and the server held it) unless the story says `Awaiting payment`.
 */
function submittedRow(body: Record<string, unknown>, status: InvestmentRow['status'] = 'Pending'): InvestmentRow {
  const amountCents = Number(body.amount_cents);
  const method: PaymentMethod = body.method === 'card' ? 'card' : 'bank';
  const quote = investmentQuote(amountCents, method);
  return {
    id: submittedId,
    opportunity_id: String(body.opportunity_id),
    opportunity_name: 'Ghana Solar Schools',
    amount_cents: amountCents,
    management_fee_cents: quote.managementFeeCents,
    card_fee_cents: quote.cardFeeCents,
    total_cents: quote.totalCents,
    method,
    status,
    submitted_at: new Date().toISOString(),
    decided_at: null,
    reason: null,
  };
}

/** `submit_investment` storing this story's investment, which the member's investments then include. */
const submitting = recordedRpc('submit_investment', (body) => submittedRow(body));
const submitted = [
  submitting.handler,
  tableAnswers.rows('investments', () => [
    ...sampleMemberRows.investments,
    ...submitting.calls.map((body) => submittedRow(body)),
  ]),
];

/** The same, for a member whose cash does not cover the total: nothing held, `Awaiting payment`. */
const submittingAwaiting = recordedRpc('submit_investment', (body) => submittedRow(body, 'Awaiting payment'));
const submittedAwaiting = [
  submittingAwaiting.handler,
  tableAnswers.rows('investments', () => [
    ...sampleMemberRows.investments,
    ...submittingAwaiting.calls.map((body) => submittedRow(body, 'Awaiting payment')),
  ]),
];

/** Cash that covers every total the walked stories confirm: the server holds it at once. */
const plentyOfCash: BalanceRow = { available_cents: 2_000_000, held_cents: 0, total_cents: 2_000_000 };
/** €1,000 available (and €250 held for something else): short of any total from the €5,000 minimum. */
const shortCash: BalanceRow = { available_cents: 100_000, held_cents: 25_000, total_cents: 125_000 };

const meta = {
  title: 'Screens/InvestmentFlow',
  component: InvestmentFlow,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: { url, path: '/investments/:id', session: investor } satisfies AppStoryParameters,
    // Named groups, so a story replaces its own group and keeps the others (parameters merge deeply).
    msw: { handlers: { classified, submitted, balance: [rpcAnswer('my_balance', [plentyOfCash])] } },
  },
} satisfies Meta<typeof InvestmentFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The text of a DataList row's value, by the row's label (null while the label is not there). */
function dataValue(canvasElement: HTMLElement, label: string): string | null {
  const item = within(canvasElement).queryByText(label)?.closest('.rt-DataListItem');
  return item?.querySelector('.rt-DataListValue')?.textContent ?? null;
}

/**
 * Confirm's "Held now" and "Collected by <method>", against `investmentFunding` (what the server
 * does: the whole total held when the cash covers it, else nothing, and the method collects the rest).
 */
async function expectFunding(canvasElement: HTMLElement, totalCents: number, method: PaymentMethod, cash: BalanceRow) {
  const funding = investmentFunding(cash.available_cents, totalCents);
  const collectedBy = `Collected by ${paymentMethods[method].label}`;
  await waitFor(() => {
    expect(dataValue(canvasElement, 'Held now')).toBe(formatEuros(funding.heldNowCents));
    expect(dataValue(canvasElement, collectedBy)).toBe(formatEuros(funding.collectedCents));
  }, SLOW);
  return funding;
}

/** Walks the four steps with a quick pick and a method, checking the confirm figures against the domain. */
async function walk(canvasElement: HTMLElement, pick: string, euros: number, method: PaymentMethod) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Amount' }, SLOW)).toBeVisible();
  await expect(canvas.getByText('Step 1 of 4')).toBeVisible();
  await expect(canvas.getByText('Minimum investment: €5,000')).toBeVisible();
  await expect(
    await canvas.findByText(`Available cash: ${formatEuros(plentyOfCash.available_cents)}`, {}, SLOW),
  ).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: pick }));
  await waitFor(() => expect(canvas.getByLabelText('Investment amount (EUR)')).toHaveValue(String(euros)));
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

  await expect(await canvas.findByRole('heading', { level: 2, name: 'Payment method' }, SLOW)).toBeVisible();
  await expect(canvas.getByText('Step 2 of 4')).toBeVisible();
  await expect(canvas.getByText('SEPA, 1–2 business days')).toBeVisible();
  await expect(canvas.getByText('1.5% fee, instant')).toBeVisible();
  await userEvent.click(canvas.getByRole('radio', { name: method === 'card' ? /Card payment/ : /Bank transfer/ }));
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

  await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
  const quote = investmentQuote(euros * 100, method);
  for (const line of quote.lines) {
    await expect(canvas.getByText(line.label)).toBeVisible();
    await expect(canvas.getByText(line.label).closest('.rt-DataListItem')).toHaveTextContent(formatEuros(line.cents));
  }
  if (method === 'bank') await expect(canvas.queryByText('Card fee (1.5%)')).toBeNull();
  await expect(canvas.getByTestId('quote-total')).toHaveTextContent(`Total${formatEuros(quote.totalCents)}`);
  await expectFunding(canvasElement, quote.totalCents, method, plentyOfCash);
  // Ghana Solar Schools' own terms (12 months, 6.9%), not the specification's 5 years and 6.5%.
  await expect(await canvas.findByText('1-year term', {}, SLOW)).toBeVisible();
  await expect(canvas.queryByText('5-year term')).toBeNull();
  for (const term of [
    '1-year term',
    'Annual distributions',
    'No early redemption before the end of the term',
    'Projected yield 6.9%',
    'Processing within 2 business days',
  ]) {
    await expect(canvas.getByText(term)).toBeVisible();
  }
  await userEvent.click(canvas.getByRole('button', { name: 'Confirm Investment' }));

  // Step 4 shows the investment the server stored, read back: its total and its Pending status.
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Submitted' }, SLOW)).toBeVisible();
  await expect(canvas.getByText('Step 4 of 4')).toBeVisible();
  await expect(
    await canvas.findByText(
      `Your investment of ${formatEuros(quote.totalCents)} in Ghana Solar Schools has been submitted.`,
      {},
      SLOW,
    ),
  ).toBeVisible();
  await expect(canvas.getByText('Pending')).toBeVisible();
  await expect(canvas.getByText(`Your funds are held: ${formatEuros(quote.totalCents)}`)).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Go to Dashboard' }));
  await expectNavigatedTo(canvasElement, '/dashboard');
}

/** €5,000 by bank transfer: the total is the amount plus the 1% management fee (€5,050). */
export const BankTransfer: Story = {
  play: async ({ canvasElement }) => walk(canvasElement, '€5,000', 5_000, 'bank'),
};

/** €10,000 by card: the 1% management fee and the 1.5% card fee (€10,250). */
export const Card: Story = {
  play: async ({ canvasElement }) => walk(canvasElement, '€10,000', 10_000, 'card'),
};

/** Continue without an amount: the toast, and the flow stays on step 1. */
export const EmptyAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }, SLOW));
    await expectToast(messages.enterInvestmentAmount);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Amount' })).toBeVisible();
    await expect(canvas.getByLabelText('Investment amount (EUR)')).toHaveFocus();
  },
};

/** A typed amount under the shown minimum still goes on: the minimum is displayed only. */
export const TypedAmountBelowMinimum: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Investment amount (EUR)', {}, SLOW), '1200');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Payment method' }, SLOW)).toBeVisible();
  },
};

/** A reload keeps the step, amount and method (they live in the URL). */
export const ResumedOnConfirm: Story = {
  parameters: { app: { url: `${url}?step=3&amount=10000&method=card`, path: '/investments/:id', session: investor } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent(
      formatEuros(investmentQuote(1_000_000, 'card').totalCents),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Payment method' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /Card payment/ })).toBeChecked();
  },
};

const confirmUrl = `${url}?step=3&amount=5000&method=bank`;
/** This story's calls of `submit_investment` (a spy: empty at every story's start). */
const submitCalls = fn().mockName('submit_investment');

/**
 * Confirm while the server works: the button is busy and a second click sends nothing more; the
 * flow stays on Confirm until the answer comes.
 */
export const ConfirmPending: Story = {
  parameters: {
    app: { url: confirmUrl, path: '/investments/:id', session: investor },
    msw: {
      handlers: {
        submitted: [
          http.post('*/rest/v1/rpc/submit_investment', async () => {
            submitCalls();
            await delay('infinite');
            return HttpResponse.json(null);
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirm = await canvas.findByRole('button', { name: 'Confirm Investment' }, SLOW);
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    await userEvent.click(confirm);
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Confirm' })).toBeVisible();
    // The call leaves once the session is read, a moment after the button is disabled; then no
    // second one follows the second click.
    await waitFor(() => expect(submitCalls).toHaveBeenCalledTimes(1), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(submitCalls).toHaveBeenCalledTimes(1);
  },
};

/**
 * The server refuses: its reason shows as a sentence above the buttons, the figures stay, and
 * going back keeps the amount and method that were chosen.
 */
export const ConfirmRefused: Story = {
  parameters: {
    app: { url: confirmUrl, path: '/investments/:id', session: investor },
    msw: { handlers: { submitted: [submitting.refusing(actionErrors.investOnrampMissing, 400)] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Confirm Investment' }, SLOW));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(investmentErrorText(actionErrors.investOnrampMissing.message));
    await expect(alert).toHaveTextContent('Make your first on-ramp before investing.');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Confirm' })).toBeVisible();
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent(
      formatEuros(investmentQuote(500_000, 'bank').totalCents),
    );
    await expect(canvas.getByRole('button', { name: 'Confirm Investment' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Back' }, SLOW));
    await expect(await canvas.findByLabelText('Investment amount (EUR)', {}, SLOW)).toHaveValue('5000');
  },
};

/** `?step=4` without a submission claims nothing: it opens on Confirm. */
export const SubmittedWithoutSubmission: Story = {
  parameters: { app: { url: `${url}?step=4&amount=5000&method=bank`, path: '/investments/:id', session: investor } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    await expect(canvas.queryByText(/has been submitted/)).toBeNull();
  },
};

/** A hand-edited URL cannot skip the amount: it opens on step 1. */
export const SkippedStepFallsBack: Story = {
  parameters: { app: { url: `${url}?step=3&method=card`, path: '/investments/:id', session: investor } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 2, name: 'Amount' }, SLOW)).toBeVisible();
  },
};

/** Back on step 1 leaves the page (here, with no history, to the opportunity). */
export const BackLeaves: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'Amount' }, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expectNavigatedTo(canvasElement, '/opportunities/schools-ghana');
  },
};

/** An unknown id: the not-found state. */
export const NotFound: Story = {
  parameters: { app: { url: '/investments/nope', path: '/investments/:id', session: investor } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: messages.opportunityNotFound }, SLOW),
    ).toBeVisible();
  },
};

/** BankTransfer on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const BankTransferPhone: Story = {
  ...BankTransfer,
  name: 'Bank Transfer — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};

const closingInvestmentId = '00000000-0000-4000-8000-0000000c1051';

/**
 * Step 4 left open as the 4-day cancellation window closes (two seconds after the story opens):
 * "Cancel investment" goes at that moment, with no other re-render, and why it is gone shows.
 */
export const CancelWindowCloses: Story = {
  parameters: {
    app: {
      url: `${url}?step=4&amount=5000&method=bank&investment=${closingInvestmentId}`,
      path: '/investments/:id',
      session: investor,
    },
    msw: {
      handlers: {
        submitted: [
          http.get('*/rest/v1/investments', () =>
            HttpResponse.json([
              {
                ...sampleMemberRows.investments[0],
                id: closingInvestmentId,
                user_id: storyUsers.fundedInvestor.id,
                opportunity_id: 'schools-ghana',
                opportunity_name: 'Ghana Solar Schools',
                status: 'Pending',
                decided_at: null,
                sample: false,
                submitted_at: new Date(Date.now() - CANCELLATION_WINDOW_DAYS * 24 * 3_600_000 + 2_000).toISOString(),
              },
            ]),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Cancel investment' }, SLOW)).toBeVisible();
    const gone = await canvas.findByRole('note', {}, SLOW);
    await expect(gone).toHaveTextContent(`You could cancel for ${CANCELLATION_WINDOW_DAYS} days after submitting`);
    await expect(canvas.queryByRole('button', { name: 'Cancel investment' })).toBeNull();
  },
};

/**
 * The cash covers the total: Confirm says all of it is held now and the method collects nothing;
 * step 4 says the funds are held.
 */
export const CashCoversHeld: Story = {
  parameters: { app: { url: confirmUrl, path: '/investments/:id', session: investor } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    const total = investmentQuote(500_000, 'bank').totalCents;
    const funding = await expectFunding(canvasElement, total, 'bank', plentyOfCash);
    await expect(funding).toEqual({ status: 'Pending', heldNowCents: total, collectedCents: 0 });
    await expect(
      canvas.getByText(
        `Your available cash of ${formatEuros(plentyOfCash.available_cents)} covers the total: it is held as soon as you confirm.`,
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Investment' }));
    await expect(await canvas.findByText(`Your funds are held: ${formatEuros(total)}`, {}, SLOW)).toBeVisible();
    await expect(canvas.getByText('Pending')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'What to do now' })).toBeNull();
  },
};

/**
 * The cash falls short and the method is a bank transfer: nothing is held, the bank transfer
 * collects what is missing; step 4 is `Awaiting payment` with the amount to send and the reference
 * unique to this investment, as the server makes it.
 */
export const CashShortBank: Story = {
  parameters: {
    app: { url: confirmUrl, path: '/investments/:id', session: investor },
    msw: { handlers: { submitted: submittedAwaiting, balance: [rpcAnswer('my_balance', [shortCash])] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    const total = investmentQuote(500_000, 'bank').totalCents;
    const funding = await expectFunding(canvasElement, total, 'bank', shortCash);
    await expect(funding).toEqual({ status: 'Awaiting payment', heldNowCents: 0, collectedCents: total - 100_000 });
    await expect(
      canvas.getByText(
        `Your available cash of ${formatEuros(shortCash.available_cents)} does not cover the total, so nothing is held yet: the investment is Awaiting payment until a bank transfer of ${formatEuros(funding.collectedCents)} arrives.`,
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Investment' }));

    await expect(await canvas.findByRole('heading', { level: 3, name: 'What to do now' }, SLOW)).toBeVisible();
    await expect(canvas.getByText('Awaiting payment')).toBeVisible();
    await expect(canvas.queryByText(/Your funds are held/)).toBeNull();
    await expect(canvas.getByText(/Send what is missing by SEPA bank transfer with the reference below/)).toBeVisible();
    await waitFor(
      () => expect(dataValue(canvasElement, 'Amount to pay')).toBe(formatEuros(funding.collectedCents)),
      SLOW,
    );
    await expect(await canvas.findByTestId('payment-reference', {}, SLOW)).toHaveTextContent(
      investmentPaymentReference(submittedId),
    );
    await expect(canvas.getByRole('button', { name: 'Copy reference' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /by card/ })).toBeNull();
  },
};

/** Where the card checkout would have sent the member: recorded by the story instead of leaving it. */
const providerPages: string[] = [];
const providerPage = 'https://checkout.stripe.com/c/pay/cs_story_investment';
/** This story's calls of onramp-session (a spy: empty at every story's start). */
const checkoutCalls = fn<(body: unknown) => void>().mockName('onramp-session');
const cardUrl = `${url}?step=3&amount=10000&method=card`;

/**
 * The cash falls short and the method is a card: the card collects what is missing (the total
 * includes the 1.5% card fee); step 4's button opens a checkout of exactly that amount.
 */
export const CashShortCard: Story = {
  parameters: {
    app: { url: cardUrl, path: '/investments/:id', session: investor },
    msw: {
      handlers: {
        submitted: submittedAwaiting,
        balance: [rpcAnswer('my_balance', [shortCash])],
        checkout: [
          http.post('*/functions/v1/onramp-session', async ({ request }) => {
            checkoutCalls(await request.json());
            return HttpResponse.json({
              success: true,
              provider: 'stripe',
              status: 'pending',
              url: providerPage,
              sessionId: 'cs_story_investment',
              error: null,
            });
          }),
        ],
      },
    },
  },
  decorators: [
    (Story) => (
      <ExternalNavigation.Provider value={(page) => providerPages.push(page)}>
        <Story />
      </ExternalNavigation.Provider>
    ),
  ],
  beforeEach: () => {
    providerPages.length = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    const quote = investmentQuote(1_000_000, 'card');
    const funding = await expectFunding(canvasElement, quote.totalCents, 'card', shortCash);
    await expect(funding.collectedCents).toBe(quote.totalCents - shortCash.available_cents);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Investment' }));

    await expect(await canvas.findByRole('heading', { level: 3, name: 'What to do now' }, SLOW)).toBeVisible();
    await expect(canvas.getByText('Awaiting payment')).toBeVisible();
    await expect(
      canvas.getByText(new RegExp(`your total includes the 1\\.5% card fee of ${formatEuros(quote.cardFeeCents)}`)),
    ).toBeVisible();
    await waitFor(
      () => expect(dataValue(canvasElement, 'Amount to pay')).toBe(formatEuros(funding.collectedCents)),
      SLOW,
    );
    await expect(canvas.queryByText('Payment reference')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `Pay ${formatEuros(funding.collectedCents)} by card` }));
    await expect(await canvas.findByText('Taking you to the payment page…', {}, SLOW)).toBeVisible();
    await expect(checkoutCalls).toHaveBeenCalledTimes(1);
    // The checkout sends the member back to this investment's step 4, the page they pay from.
    await expect(checkoutCalls).toHaveBeenCalledWith({
      amountCents: funding.collectedCents,
      returnPath: expect.stringMatching(/^\/investments\/schools-ghana\?/),
    });
    const [body] = checkoutCalls.mock.calls[0] ?? [];
    const back = new URL(String((body as { returnPath?: unknown }).returnPath), 'https://vault.example');
    await expect(back.pathname).toBe(url);
    await expect(Object.fromEntries(back.searchParams)).toEqual({
      step: '4',
      amount: '10000',
      method: 'card',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      investment: submittedId,
    });
    await expect(providerPages).toEqual([providerPage]);
  },
};

/** Step 4 of this story's card investment, as the checkout sends the member back to it. */
const cardReturnUrl = (outcome: string) =>
  `${url}?step=4&amount=10000&method=card&investment=${submittedId}&${outcome}`;
/** The card investment of €10,000 the member came back to. */
const cardInvestment = (status: InvestmentRow['status']) =>
  submittedRow({ opportunity_id: 'schools-ghana', amount_cents: 1_000_000, method: 'card' }, status);
/** Whether the provider's webhook has recorded the story's card payment yet (the play says when). */
const webhook = { arrived: false };

/**
 * Back from a paid checkout before the provider's webhook: the step says the payment is being
 * confirmed (no second checkout offered) and reads the investment again until the server holds
 * the total; then the funds are held, and a toast says the payment went through.
 */
export const CashShortCardReturned: Story = {
  parameters: {
    app: {
      url: cardReturnUrl('onramp=success&session_id=cs_story_investment'),
      path: '/investments/:id',
      session: investor,
    },
    msw: {
      handlers: {
        submitted: [
          tableAnswers.rows('investments', () => [
            ...sampleMemberRows.investments,
            cardInvestment(webhook.arrived ? 'Pending' : 'Awaiting payment'),
          ]),
        ],
        balance: [rpcAnswer('my_balance', [shortCash])],
      },
    },
  },
  beforeEach: () => {
    webhook.arrived = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirming = await canvas.findByText(
      'Your card payment is being confirmed. Your funds are held as soon as it goes through.',
      {},
      SLOW,
    );
    await expect(confirming).toBeVisible();
    await expect(canvas.getByText('Awaiting payment')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /by card/ })).toBeNull();
    webhook.arrived = true;
    const quote = investmentQuote(1_000_000, 'card');
    await expect(
      await canvas.findByText(`Your funds are held: ${formatEuros(quote.totalCents)}`, {}, SLOW),
    ).toBeVisible();
    await expectToast('Your card payment went through');
    await expect(canvas.getByText('Pending')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'What to do now' })).toBeNull();
  },
};

/** Back from a checkout the member left without paying: the step says so and offers the checkout again. */
export const CashShortCardCancelled: Story = {
  parameters: {
    app: { url: cardReturnUrl('onramp=cancelled'), path: '/investments/:id', session: investor },
    msw: {
      handlers: {
        submitted: [
          tableAnswers.rows('investments', () => [...sampleMemberRows.investments, cardInvestment('Awaiting payment')]),
        ],
        balance: [rpcAnswer('my_balance', [shortCash])],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The card payment was cancelled: nothing was paid.', {}, SLOW)).toBeVisible();
    const missing = investmentFunding(shortCash.available_cents, investmentQuote(1_000_000, 'card').totalCents);
    await expect(
      await canvas.findByRole('button', { name: `Pay ${formatEuros(missing.collectedCents)} by card` }, SLOW),
    ).toBeVisible();
  },
};

/** This story's settled card payments (a spy: empty at every story's start). */
const paidCalls = fn<(body: unknown) => void>().mockName('onramp-session');

/**
 * The demo provider settles the card payment at once: the server holds the total from the cash it
 * brought (`ledger_fund_awaiting`), and step 4, read again, says the funds are held.
 */
export const CashShortCardPaid: Story = {
  parameters: {
    app: { url: cardUrl, path: '/investments/:id', session: investor },
    msw: {
      handlers: {
        submitted: [
          submittingAwaiting.handler,
          tableAnswers.rows('investments', () => [
            ...sampleMemberRows.investments,
            ...submittingAwaiting.calls.map((body) =>
              submittedRow(body, paidCalls.mock.calls.length > 0 ? 'Pending' : 'Awaiting payment'),
            ),
          ]),
        ],
        balance: [rpcAnswer('my_balance', [shortCash])],
        checkout: [
          http.post('*/functions/v1/onramp-session', async ({ request }) => {
            paidCalls(await request.json());
            return HttpResponse.json({
              success: true,
              provider: 'demo',
              status: 'settled',
              url: null,
              sessionId: null,
              error: null,
            });
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Confirm Investment' }, SLOW));
    const quote = investmentQuote(1_000_000, 'card');
    const missing = investmentFunding(shortCash.available_cents, quote.totalCents).collectedCents;
    await userEvent.click(await canvas.findByRole('button', { name: `Pay ${formatEuros(missing)} by card` }, SLOW));
    await expect(
      await canvas.findByText(`Your funds are held: ${formatEuros(quote.totalCents)}`, {}, SLOW),
    ).toBeVisible();
    await expect(paidCalls).toHaveBeenCalledWith({ amountCents: missing, returnPath: expect.stringContaining(url) });
    await expect(canvas.getByText('Pending')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'What to do now' })).toBeNull();
  },
};

/**
 * The cash cannot be read: step 1 says so with Retry, and the flow goes on; Confirm says so again
 * and still confirms (the server decides what is held).
 */
export const BalanceFailed: Story = {
  parameters: {
    msw: {
      handlers: { balance: [rpcRefusal('my_balance', { code: 'XX000', message: 'Service unavailable' }, 500)] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByRole('alert', {}, SLOW);
    await expect(failed).toHaveTextContent('Your available cash could not be loaded.');
    await expect(within(failed).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.queryByText(/Available cash:/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '€5,000' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Payment method' }, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Confirm' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Your available cash could not be loaded. The server holds the total when you confirm if your cash covers it.',
    );
    await expect(canvas.queryByText('Held now')).toBeNull();
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent(
      formatEuros(investmentQuote(500_000, 'bank').totalCents),
    );
    await expect(canvas.getByRole('button', { name: 'Confirm Investment' })).toBeEnabled();
  },
};

/** The cash fails to load once: Retry asks again and shows it. */
export const BalanceRetried: Story = {
  parameters: {
    msw: {
      handlers: {
        balance: [
          recordedRpc('my_balance', (_body, call) =>
            call === 1
              ? HttpResponse.json(
                  { code: 'XX000', message: 'Service unavailable', details: null, hint: null },
                  { status: 500 },
                )
              : [plentyOfCash],
          ).handler,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByRole('alert', {}, SLOW);
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await expect(
      await canvas.findByText(`Available cash: ${formatEuros(plentyOfCash.available_cents)}`, {}, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The cash still loading: its figure waits, marked busy, and the flow does not wait for it. */
export const BalanceLoading: Story = {
  parameters: { msw: { handlers: { balance: [rpcLoading('my_balance')] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Available cash:/, {}, SLOW)).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(canvas.getByRole('button', { name: '€5,000' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Payment method' }, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByText(/^Available cash:/, {}, SLOW)).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByLabelText('Investment amount (EUR)')).toHaveValue('5000');
  },
};
