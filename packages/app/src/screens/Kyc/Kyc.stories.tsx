import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  type AppStoryParameters,
  consoleListStates,
  expectReasonRequiredThenSent,
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

/** Two members waiting, as `list_kyc_queue` answers (oldest submission first). */
const queue = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Ada Lovelace',
    email: 'ada@example.eu',
    submitted_at: '2026-11-20T09:30:00Z',
    provider_applicant_id: 'demo-ada',
    reason: null,
    decisions: [
      {
        at: '2026-11-18T10:00:00Z',
        action: 'kyc.resubmission_requested',
        status: 'resubmission_requested',
        by: 'provider',
        reason: 'Proof of address older than three months',
      },
    ],
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Grace Hopper',
    email: 'grace@example.eu',
    submitted_at: '2026-11-21T14:05:00Z',
    provider_applicant_id: null,
    reason: 'Document photo blurred',
    decisions: [],
  },
];

const queueHandler = http.post('*/rest/v1/rpc/list_kyc_queue', () => HttpResponse.json(queue));
const queueStates = rpcListHandlers('list_kyc_queue');

/** The review_kyc calls a story made. */
const reviewKyc = recordedRpc('review_kyc', () => ({ id: queue[0]?.id, kyc_status: 'approved' }));

const meta = {
  title: 'Screens/Kyc',
  component: Kyc,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/kyc', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [queueHandler, reviewKyc.handler] },
  },
} satisfies Meta<typeof Kyc>;
export default meta;
type Story = StoryObj<typeof meta>;

const openAda = (canvasElement: HTMLElement) =>
  openConsoleRow(canvasElement, { heading: 'KYC reviews', table: 'KYC reviews waiting', row: 'Review Ada Lovelace' });

/** The queue: name, email, submitted at and the provider's result. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, 'KYC reviews waiting', [
      'Name',
      'Email',
      'Submitted at',
      'Provider result',
    ]);
    await expect(await within(table).findByText('grace@example.eu', {}, SLOW)).toBeVisible();
    await expect(within(table).getByText('Document photo blurred')).toBeVisible();
    await expect(within(table).getByText('In review (applicant demo-ada)')).toBeVisible();
  },
};

/** The panel shows the provider's result and the case's earlier decisions before any decision. */
export const EarlierDecisions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    const region = canvas.getByRole('region', { name: 'Earlier decisions' });
    await expect(region).toHaveTextContent(
      /18 Nov 2026, 10:00 UTC: Resubmission requested by the provider: Proof of address older than three months/,
    );
    await expect(canvas.getAllByText('In review (applicant demo-ada)').length).toBeGreaterThan(0);
  },
};

/** Approve opens a summary with the case's facts; confirmed, review_kyc has no reason, then says so. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve KYC for Ada Lovelace' }, SLOW);
    await expect(within(dialog).getByText('Resubmission requested')).toBeVisible();
    await expect(reviewKyc.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('Ada Lovelace: KYC approved.');
    await expect(reviewKyc.calls).toEqual([{ member_id: queue[0]?.id, decision: 'approved', reason: null }]);
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail, its buttons are reachable. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openRowByKeyboard(canvasElement, {
      table: 'KYC reviews waiting',
      row: 'Review Ada Lovelace',
      action: 'Approve',
    });
    await expect(canvas.getByRole('button', { name: 'Request resubmission' })).toBeEnabled();
  },
};

/** Reject needs a reason; with one, review_kyc carries it. */
export const RejectWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectReasonRequiredThenSent(canvas, {
      action: 'Reject',
      required: 'A reason is required',
      text: 'Name does not match the passport',
      recorded: reviewKyc,
    });
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('Ada Lovelace: KYC rejected.');
    await expect(reviewKyc.calls).toEqual([
      { member_id: queue[0]?.id, decision: 'rejected', reason: 'Name does not match the passport' },
    ]);
  },
};

/** The server refuses: its message in the dialog, which stays open with the typed reason. */
export const ResubmissionRefused: Story = {
  parameters: {
    msw: {
      handlers: [queueHandler, reviewKyc.refusing({ code: 'P0001', message: 'only a pending KYC can be reviewed' })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectRefusalKeepsDialog(canvas, {
      action: 'Request resubmission',
      text: 'Upload the back of the card',
      message: /only a pending KYC can be reviewed/,
    });
  },
};

/** Approve refused (compliance may not review their own case): the message in the summary, which stays open. */
export const ApproveRefused: Story = {
  parameters: {
    msw: {
      handlers: [queueHandler, reviewKyc.refusing({ code: '42501', message: 'nobody reviews their own KYC' }, 403)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await within(dialog).findByText(/nobody reviews their own KYC/, {}, SLOW)).toBeVisible();
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

const states = consoleListStates({
  table: 'KYC reviews waiting',
  empty: { handler: queueStates.empty, text: 'No reviews waiting' },
  loading: queueStates.loading,
  failed: { handler: queueStates.error(consoleErrors.kycQueueDenied), text: /The KYC queue could not be loaded/ },
});
export const Empty: Story = { parameters: states.Empty.parameters, play: states.Empty.play };
export const Loading: Story = { parameters: states.Loading.parameters, play: states.Loading.play };
export const Failed: Story = { parameters: states.Failed.parameters, play: states.Failed.play };

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
