import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  actionErrors,
  CANCELLATION_WINDOW_DAYS,
  formatEuros,
  type InvestmentRow,
  investmentErrorText,
  investmentQuote,
  messages,
  type PaymentMethod,
  sampleMemberRows,
} from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordedRpc, rpcAnswer, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
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

/** The investment `submit_investment` stores for a call: Pending, with the domain's fees. */
function submittedRow(body: Record<string, unknown>): InvestmentRow {
  const amountCents = Number(body.amount_cents);
  const method: PaymentMethod = body.method === 'card' ? 'card' : 'bank';
  const quote = investmentQuote(amountCents, method);
  return {
    id: '7e570000-0000-4000-8000-0000000000f1',
    opportunity_id: String(body.opportunity_id),
    opportunity_name: 'Ghana Solar Schools',
    amount_cents: amountCents,
    management_fee_cents: quote.managementFeeCents,
    card_fee_cents: quote.cardFeeCents,
    total_cents: quote.totalCents,
    method,
    status: 'Pending',
    submitted_at: new Date().toISOString(),
    decided_at: null,
    reason: null,
  };
}

/** `submit_investment` storing this story's investment, which the member's investments then include. */
const submitting = recordedRpc('submit_investment', submittedRow);
const submitted = [
  submitting.handler,
  tableAnswers.rows('investments', () => [...sampleMemberRows.investments, ...submitting.calls.map(submittedRow)]),
];

const meta = {
  title: 'Screens/InvestmentFlow',
  component: InvestmentFlow,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: { url, path: '/investments/:id', session: investor } satisfies AppStoryParameters,
    // Named groups, so a story replaces its own group and keeps the others (parameters merge deeply).
    msw: { handlers: { classified, submitted } },
  },
} satisfies Meta<typeof InvestmentFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Walks the four steps with a quick pick and a method, checking the confirm figures against the domain. */
async function walk(canvasElement: HTMLElement, pick: string, euros: number, method: PaymentMethod) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Amount' }, SLOW)).toBeVisible();
  await expect(canvas.getByText('Step 1 of 4')).toBeVisible();
  await expect(canvas.getByText('Minimum investment: €5,000')).toBeVisible();
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
