import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, messages, sampleMemberRows } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { recordedRpc, rpcAnswer, rpcLoading, rpcRefusal, tableAnswers } from '../../../../../mocks/story';
import { removeItem, storageKeys, writeItem } from '../../storage/browserStorage';
import {
  type AppStoryParameters,
  nudgeCallToActionStory,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
import Documents from '.';

const meta = {
  title: 'Screens/Documents',
  component: Documents,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/documents', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
  // The per-page dismissal flag lives in localStorage; every story starts without it.
  beforeEach: () => {
    removeItem(storageKeys.nudgeDismissed('documents'));
  },
} satisfies Meta<typeof Documents>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The member's documents with the membership agreement signed, as the server reads them after `sign_document`. */
const withMembershipSigned = sampleMemberRows.documents.map((doc) =>
  doc.id === 'doc-membership' ? { ...doc, status: 'Signed' as const } : doc,
);

/** `sign_document` as the server answers it: the evidence it keeps. */
const signing = recordedRpc('sign_document', (body) => ({
  id: '5160ed00-0000-4000-8000-000000000001',
  document_id: String(body.document_id),
  document_sha256: 'a'.repeat(64),
  signed_at: '2026-03-02T10:15:00.000Z',
}));
/** The documents as read before and after this story's signature. */
const documentsAfterSigning = tableAnswers.rows('documents', () =>
  signing.calls.length === 0 ? sampleMemberRows.documents : withMembershipSigned,
);

/** The grid, the e-signature notice and one document waiting for a signature. */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(canvas.getByText(messages.auditTrail)).toBeVisible();
    await expect(
      await canvas.findByText('Membership Agreement is waiting for your signature.', {}, SLOW),
    ).toBeVisible();
    const grid = canvas.getByRole('list', { name: 'Documents' });
    for (const status of ['Signed', 'Pending', 'Available', 'Sent']) {
      await expect(within(grid).getAllByText(status).length).toBeGreaterThan(0);
    }
    await expect(canvas.getAllByRole('button', { name: /^Download / }).length).toBe(6);
  },
};

/** Review & Sign: success toast, the banner goes, the card reads Signed (the documents read again). */
export const ReviewAndSign: Story = {
  parameters: { msw: { handlers: [signing.handler, documentsAfterSigning] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review & Sign' }, SLOW));
    await waitFor(() => expect(screen.getByText('Membership Agreement signed')).toBeVisible(), SLOW);
    await expect(canvas.queryByRole('button', { name: 'Review & Sign' })).toBeNull();
    await expect(canvas.queryByText('Membership Agreement is waiting for your signature.')).toBeNull();
    const card = canvas.getByRole('heading', { name: 'Membership Agreement' }).closest('li');
    await expect(card).not.toBeNull();
    if (card) await expect(within(card).getByText('Signed')).toBeVisible();
    await expect(canvas.queryByText('Pending')).toBeNull();
    // One call signs the pending document, by its id.
    await expect(signing.calls).toEqual([{ document_id: 'doc-membership' }]);
  },
};

/** Signed on an earlier visit: the server's rows say Signed, so no banner. */
export const SignedEarlier: Story = {
  parameters: { msw: { handlers: [tableAnswers.rows('documents', withMembershipSigned)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: 'Membership Agreement' }, SLOW);
    const card = heading.closest('li');
    await expect(card).not.toBeNull();
    if (card) await expect(within(card).getByText('Signed')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Review & Sign' })).toBeNull();
  },
};

/** While the server signs, the button says so and takes no second click. */
export const SignPending: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/sign_document', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review & Sign' }, SLOW));
    const busy = await canvas.findByRole('button', { name: 'Signing…' }, SLOW);
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The server refuses: its message, and the document still waits for a signature. */
export const SignError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/sign_document', () =>
          HttpResponse.json({ ...actionErrors.documentNotPending, details: null, hint: null }, { status: 400 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review & Sign' }, SLOW));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(actionErrors.documentNotPending.message);
    await expect(canvas.getByRole('button', { name: 'Review & Sign' })).toBeVisible();
    await expect(canvas.getByText('Membership Agreement is waiting for your signature.')).toBeVisible();
  },
};

/** Download saves a text file and says so. */
export const Download: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Download Q4 2024 Portfolio Statement' }, SLOW));
    await waitFor(() => expect(screen.getByText('Download started: Q4 2024 Portfolio Statement')).toBeVisible(), SLOW);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [tableAnswers.loading('documents')] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading documents…' })).toBeInTheDocument();
  },
};

/** The load fails: 'Failed to load documents' with Retry; Retry loads the grid. */
export const ErrorThenRetry: Story = {
  parameters: { msw: { handlers: [tableAnswers.failsFirst('documents')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(within(alert).getByRole('heading', { name: messages.documentsFailed })).toBeVisible();
    await expect(within(alert).getByText(messages.checkConnection)).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('heading', { name: 'Membership Agreement' }, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Always failing: the error card stays usable. */
export const Failed: Story = {
  parameters: { msw: { handlers: [tableAnswers.error('documents')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: messages.documentsFailed }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [tableAnswers.empty('documents')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: messages.noDocuments }, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Review & Sign' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Explore Opportunities' }));
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent(
      'Navigated to /opportunities',
    );
  },
};

/** Dismissing the nudge here keeps the per-page flag 'documents'. */
export const NudgeDismiss: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nudge = canvas.getByRole('region', { name: 'Create your wallet' });
    await userEvent.click(within(nudge).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'Create your wallet' })).toBeNull();
    await expect(localStorage.getItem(storageKeys.nudgeDismissed('documents'))).toBe('1');
  },
};

/** The flag was set on an earlier visit: no nudge. */
export const NudgeDismissedEarlier: Story = {
  beforeEach: () => {
    writeItem(storageKeys.nudgeDismissed('documents'), '1');
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Membership Agreement' }, SLOW)).toBeVisible();
    await expect(canvas.queryByText('Next step')).toBeNull();
  },
};

const nudgeCta = nudgeCallToActionStory({
  nudge: 'Complete KYC',
  button: 'Continue KYC',
  step: 'kyc',
  page: 'documents',
  to: '/kyc-verification',
});

/** The nudge follows the live state (KYC next) and its call to action reports the step. */
export const NudgeCallToAction: Story = {
  parameters: { app: { url: '/documents', session: sessionAs('investor', storyUsers.walletInvestor) } },
  beforeEach: nudgeCta.beforeEach,
  play: nudgeCta.play,
};

/** An SPV admin sees the documents without an investor nudge, and no dead-end Explore button. */
export const SpvAdminEmpty: Story = {
  parameters: {
    app: { url: '/documents', session: sessionAs('cl_spv_admin') },
    msw: { handlers: [tableAnswers.empty('documents')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: messages.noDocuments }, SLOW)).toBeVisible();
    await expect(canvas.queryByText('Next step')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Explore Opportunities' })).toBeNull();
  },
};

/** Pending on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const PendingPhone: Story = {
  ...Pending,
  name: 'Pending — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Two statements as `my_statements` lists them, newest period first. */
const statementRows = [
  {
    id: '57a7e000-0000-4000-8000-000000000002',
    kind: 'quarterly_assets',
    period_start: '2026-07-01',
    period_end: '2026-09-30',
    sha256: 'b'.repeat(64),
    issued_at: '2026-10-01T00:05:00Z',
  },
  {
    id: '57a7e000-0000-4000-8000-000000000001',
    kind: 'annual_tax',
    period_start: '2025-01-01',
    period_end: '2025-12-31',
    sha256: 'c'.repeat(64),
    issued_at: '2026-01-01T00:05:00Z',
  },
];

/** The quarter's statement as `open_statement` answers it: its content and the server's CSV. */
const openedQuarter = {
  id: statementRows[0]?.id,
  kind: 'quarterly_assets',
  period_start: '2026-07-01',
  period_end: '2026-09-30',
  issued_at: '2026-10-01T00:05:00Z',
  sha256: 'b'.repeat(64),
  csv: 'Statement,quarterly_assets\r\n',
  content: {
    kind: 'quarterly_assets',
    member_id: '00000000-0000-4000-8000-000000000001',
    currency: 'EUR',
    period_start: '2026-07-01',
    period_end: '2026-09-30',
    positions: [],
    lines: [
      {
        seq: 1,
        occurred_at: '2026-07-02T10:00:00Z',
        kind: 'deposit',
        description: 'Deposit',
        in_cents: 50_000,
        out_cents: 0,
        balance_cents: 50_000,
      },
    ],
    totals: {
      positions_value_cents: 0,
      opening_cash_cents: 0,
      closing_cash_cents: 50_000,
      in_cents: 50_000,
      out_cents: 0,
      line_count: 1,
      assets_cents: 50_000,
    },
  },
};

const statementsSection = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Statements' });

/** The statements as they fall due: each with its period and Download PDF and CSV. */
export const Statements: Story = {
  parameters: { msw: { handlers: [rpcAnswer('my_statements', statementRows)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Statements' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(list).getByRole('heading', { name: 'Statement of assets Q3 2026' })).toBeVisible();
    await expect(within(list).getByRole('heading', { name: 'Tax summary 2025' })).toBeVisible();
    await expect(within(list).getByRole('button', { name: 'Download PDF of Tax summary 2025' })).toBeEnabled();
    await expect(within(list).getByRole('button', { name: 'Download CSV of Tax summary 2025' })).toBeEnabled();
  },
};

const opening = recordedRpc('open_statement', () => openedQuarter);

/** A download opens the statement on the server (recorded there as viewed), then saves the file. */
export const StatementDownload: Story = {
  parameters: { msw: { handlers: [rpcAnswer('my_statements', statementRows), opening.handler] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Download PDF of Statement of assets Q3 2026' }, SLOW),
    );
    await waitFor(
      () => expect(screen.getByText('Download started: Statement of assets Q3 2026 (PDF)')).toBeVisible(),
      SLOW,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV of Statement of assets Q3 2026' }));
    await waitFor(
      () => expect(screen.getByText('Download started: Statement of assets Q3 2026 (CSV)')).toBeVisible(),
      SLOW,
    );
    await expect(opening.calls).toEqual([
      { statement_id: statementRows[0]?.id },
      { statement_id: statementRows[0]?.id },
    ]);
  },
};

/** The server refuses to open one: its message, and nothing is saved. */
export const StatementRefused: Story = {
  parameters: {
    msw: {
      handlers: [rpcAnswer('my_statements', statementRows), rpcRefusal('open_statement', actionErrors.noSuchStatement)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Download CSV of Tax summary 2025' }, SLOW));
    await waitFor(() => expect(screen.getByText(actionErrors.noSuchStatement.message)).toBeVisible(), SLOW);
    await expect(screen.queryByText(/^Download started/)).toBeNull();
  },
};

/** None has fallen due yet: the empty state says when they come. */
export const StatementsEmpty: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No statements yet' }, SLOW)).toBeVisible();
    await expect(within(statementsSection(canvasElement)).queryByRole('list')).toBeNull();
  },
};

export const StatementsLoading: Story = {
  parameters: { msw: { handlers: [rpcLoading('my_statements')] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Loading statements…' }, SLOW),
    ).toBeInTheDocument();
  },
};

const failingOnce = recordedRpc('my_statements', (_, call) =>
  call === 1
    ? HttpResponse.json({ code: '08006', message: 'connection failure', details: null, hint: null }, { status: 503 })
    : statementRows,
);

/** The list fails to load: the error card with Retry; Retry reads it again. */
export const StatementsErrorThenRetry: Story = {
  parameters: { msw: { handlers: [failingOnce.handler] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await canvas.findByRole('heading', { name: 'Failed to load statements' }, SLOW);
    const card = failed.closest('[role="alert"]');
    await expect(card).not.toBeNull();
    if (card instanceof HTMLElement) await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('list', { name: 'Statements' }, SLOW)).toBeVisible();
    await expect(failingOnce.calls).toHaveLength(2);
  },
};
