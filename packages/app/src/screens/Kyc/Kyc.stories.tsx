import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
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
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Grace Hopper',
    email: 'grace@example.eu',
    submitted_at: '2026-11-21T14:05:00Z',
    provider_applicant_id: null,
    reason: 'Document photo blurred',
  },
];

const queueHandler = http.post('*/rest/v1/rpc/list_kyc_queue', () => HttpResponse.json(queue));
const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

/** The bodies of the review_kyc calls a story made. */
let reviews: unknown[] = [];
const recordReview = http.post('*/rest/v1/rpc/review_kyc', async ({ request }) => {
  reviews.push(await request.json());
  return HttpResponse.json({ id: queue[0]?.id, kyc_status: 'approved' });
});

const meta = {
  title: 'Screens/Kyc',
  component: Kyc,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/kyc', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [queueHandler, recordReview] },
  },
  beforeEach: () => {
    reviews = [];
  },
} satisfies Meta<typeof Kyc>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openAda(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'KYC reviews' })).toBeVisible();
  const table = await canvas.findByRole('table', { name: 'KYC reviews waiting' }, SLOW);
  await within(table).findByText('ada@example.eu', {}, SLOW);
  await userEvent.click(within(table).getByRole('button', { name: 'Review Ada Lovelace' }));
  return canvas;
}

/** The queue: name, email, submitted at and the provider's result. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'KYC reviews waiting' }, SLOW);
    for (const header of ['Name', 'Email', 'Submitted at', 'Provider result']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(await within(table).findByText('grace@example.eu', {}, SLOW)).toBeVisible();
    await expect(within(table).getByText('Document photo blurred')).toBeVisible();
    await expect(within(table).getByText('In review (applicant demo-ada)')).toBeVisible();
  },
};

/** Approve sends review_kyc with the member and no reason, then says so. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('Ada Lovelace: KYC approved.');
    await expect(reviews).toEqual([{ member_id: queue[0]?.id, decision: 'approved', reason: null }]);
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail, its buttons are reachable. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'KYC reviews waiting' }, SLOW);
    const select = await within(table).findByRole('button', { name: 'Review Ada Lovelace' }, SLOW);
    select.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Approve' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Request resubmission' })).toBeEnabled();
  },
};

/** Reject needs a reason; with one, review_kyc carries it. */
export const RejectWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(within(dialog).getByText('A reason is required')).toBeVisible();
    await expect(reviews).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Name does not match the passport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(reviews).toEqual([
      { member_id: queue[0]?.id, decision: 'rejected', reason: 'Name does not match the passport' },
    ]);
  },
};

/** The server refuses: its message in the dialog, which stays open with the typed reason. */
export const ResubmissionRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        queueHandler,
        http.post('*/rest/v1/rpc/review_kyc', () =>
          rpcError({ code: 'P0001', message: 'only a pending KYC can be reviewed' }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Request resubmission' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Upload the back of the card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request resubmission' }));
    await expect(await within(dialog).findByText(/only a pending KYC can be reviewed/, {}, SLOW)).toBeVisible();
    await expect(screen.getByRole('dialog')).toBeVisible();
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Upload the back of the card');
  },
};

/** Approve refused (compliance may not review their own case): the message beside the buttons. */
export const ApproveRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        queueHandler,
        http.post('*/rest/v1/rpc/review_kyc', () =>
          rpcError({ code: '42501', message: 'nobody reviews their own KYC' }, 403),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText(/nobody reviews their own KYC/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_kyc_queue', () => HttpResponse.json([]))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No reviews waiting', {}, SLOW)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_kyc_queue', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'KYC reviews waiting' }, SLOW);
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: {
    msw: { handlers: [http.post('*/rest/v1/rpc/list_kyc_queue', () => rpcError(consoleErrors.kycQueueDenied, 403))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The KYC queue could not be loaded/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
