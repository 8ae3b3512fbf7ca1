import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, professionalCriteriaLabels } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  type AppStoryParameters,
  consoleListStates,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Kyc from '.';

/** Two professional declarations waiting, as `list_professional_reviews` answers them (oldest first). */
const requests = [
  {
    member_id: '11111111-1111-4111-8111-111111111111',
    name: 'Ada Lovelace',
    email: 'ada@example.eu',
    country: 'DE',
    category: 'professional',
    previous_category: 'retail',
    declared_at: '2026-11-20T09:30:00Z',
    answers: { portfolio_over_500k: true, ten_trades_a_quarter: false, one_year_in_finance: true },
  },
  {
    member_id: '22222222-2222-4222-8222-222222222222',
    name: 'Grace Hopper',
    email: 'grace@example.eu',
    country: 'FR',
    category: 'professional',
    previous_category: null,
    declared_at: '2026-11-21T14:05:00Z',
    answers: { portfolio_over_500k: true, ten_trades_a_quarter: true, one_year_in_finance: true },
  },
];
const [ada] = requests;

const review = recordedRpc('review_professional_status', (body) => ({
  member_id: body.member_id,
  professional_status: body.decision,
}));
/** The list as the server answers it: both requests until this story decided Ada's, then Grace's alone. */
const list = recordedRpc('list_professional_reviews', () => (review.calls.length ? requests.slice(1) : requests));
const states = rpcListHandlers('list_professional_reviews');

const TABLE = 'Professional status requests waiting';
const ROW = 'Review the professional status of Ada Lovelace';

const meta = {
  title: 'Screens/Kyc/Professional status requests',
  component: Kyc,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/kyc', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [list.handler, review.handler] },
  },
} satisfies Meta<typeof Kyc>;
export default meta;
type Story = StoryObj<typeof meta>;

const openAda = (canvasElement: HTMLElement) =>
  openConsoleRow(canvasElement, { heading: 'KYC reviews', table: TABLE, row: ROW });

/** The requests under the KYC queue: who, where from, what they were, when, and how many criteria they meet. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Professional status requests' })).toBeVisible();
    const table = await findConsoleTable(canvasElement, TABLE, [
      'Name',
      'Email',
      'Country',
      'Previous category',
      'Declared at',
      'Criteria met',
    ]);
    await expect(await within(table).findByText('grace@example.eu', {}, SLOW)).toBeVisible();
    const rows = within(table).getAllByRole('row');
    // The header, then Ada (declared first), then Grace.
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent(/Ada Lovelace.*ada@example\.eu.*DE.*Retail investor.*20 Nov 2026.*2 of 3/);
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*FR.*None: first declaration.*3 of 3/);
  },
};

/** Approve opens a summary with the criteria in the member's words; confirmed, the request leaves the list. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    const panel = canvas.getByRole('region', { name: 'Ada Lovelace' });
    await expect(within(panel).getByText(professionalCriteriaLabels.one_year_in_finance)).toBeVisible();
    await expect(within(panel).queryByText(professionalCriteriaLabels.ten_trades_a_quarter)).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the professional status of Ada Lovelace' }, SLOW);
    await expect(within(dialog).getByText(professionalCriteriaLabels.portfolio_over_500k)).toBeVisible();
    await expect(review.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('Ada Lovelace: professional status approved.', {}, SLOW)).toBeVisible();
    await expect(review.calls).toEqual([{ member_id: ada?.member_id, decision: 'approved', reason: null }]);
    const table = canvas.getByRole('table', { name: TABLE });
    // Read again after the decision: Grace's request alone.
    await expect(await within(table).findByText('Grace Hopper', {}, SLOW)).toBeVisible();
    await expect(within(table).queryByText('Ada Lovelace')).toBeNull();
    await expect(list.calls).toHaveLength(2);
  },
};

/** Reject without a reason: the message beside the field and nothing sent; with one, the call carries it. */
export const RejectNeedsReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the professional status of Ada Lovelace' }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const field = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await expect(field).toHaveAccessibleDescription('A reason is required');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(review.calls).toEqual([]);
    await userEvent.type(field, 'No portfolio statement was provided.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(await canvas.findByText('Ada Lovelace: professional status rejected.', {}, SLOW)).toBeVisible();
    await expect(review.calls).toEqual([
      { member_id: ada?.member_id, decision: 'rejected', reason: 'No portfolio statement was provided.' },
    ]);
  },
};

/** The server refuses (nobody reviews their own): its message in the dialog, which keeps the typed reason. */
export const RefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: [
        list.handler,
        review.refusing({ code: '42501', message: actionErrors.professionalSelfReview.message }, 403),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectRefusalKeepsDialog(canvas, {
      action: 'Reject',
      text: 'Evidence missing',
      message: /nobody reviews their own professional status/,
    });
    // Cancelled, the request is still waiting: nothing was decided.
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(within(canvas.getByRole('table', { name: TABLE })).getByText('Ada Lovelace')).toBeVisible();
  },
};

/** Keyboard: Tab to the row, Enter opens it, Enter on Reject opens the dialog; type, Tab to Reject, Enter sends. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    await openRowByKeyboard(canvasElement, { table: TABLE, row: ROW, action: 'Reject', opensDialog: true });
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox');
    await waitFor(() => expect(field).toHaveFocus(), SLOW);
    await userEvent.keyboard('Certificate expired');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    for (let tabs = 0; tabs < 3 && document.activeElement !== confirm; tabs += 1) await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(review.calls).toHaveLength(1), SLOW);
    await expect(review.calls[0]).toEqual({
      member_id: ada?.member_id,
      decision: 'rejected',
      reason: 'Certificate expired',
    });
  },
};

/** A failed read: the message with Retry, which reads again and shows the requests. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        recordedRpc('list_professional_reviews', (_body, call) =>
          call === 1
            ? HttpResponse.json(
                { ...actionErrors.professionalReviewsReadDenied, details: null, hint: null },
                { status: 403 },
              )
            : requests,
        ).handler,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /The professional status requests could not be loaded: only compliance or an administrator may read the professional status requests/,
        {},
        SLOW,
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    const table = canvas.getByRole('table', { name: TABLE });
    await expect(await within(table).findByText('Grace Hopper', {}, SLOW)).toBeVisible();
  },
};

const listStates = consoleListStates({
  table: TABLE,
  empty: { handler: states.empty, text: 'No professional status requests waiting' },
  loading: states.loading,
  failed: { handler: states.error(actionErrors.professionalReviewsReadDenied), text: /could not be loaded/ },
});
export const Empty: Story = { parameters: listStates.Empty.parameters, play: listStates.Empty.play };
export const Loading: Story = { parameters: listStates.Loading.parameters, play: listStates.Loading.play };

/** The list on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const ListPhone: Story = {
  ...List,
  name: 'List — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
