import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Audit from '.';

const member = '11111111-1111-4111-8111-111111111111';
const reviewer = '33333333-3333-4333-8333-333333333333';
const hash = (n: number) => String(n).repeat(64).slice(0, 64);

/** Three events of the trail, newest first, as `list_audit_events` answers. */
const trail = [
  {
    id: 3,
    occurred_at: '2026-11-21T10:00:00Z',
    actor_id: reviewer,
    actor_role: 'compliance',
    action: 'kyc.approved',
    member_id: member,
    subject_type: 'kyc_case',
    subject_id: member,
    details: { status: 'approved' },
    prev_hash: hash(2),
    hash: hash(3),
  },
  {
    id: 2,
    occurred_at: '2026-11-20T09:30:00Z',
    actor_id: member,
    actor_role: 'investor',
    action: 'kyc.submitted',
    member_id: member,
    subject_type: 'kyc_case',
    subject_id: member,
    details: {},
    prev_hash: hash(1),
    hash: hash(2),
  },
  {
    id: 1,
    occurred_at: '2026-11-19T08:00:00Z',
    actor_id: member,
    actor_role: 'investor',
    action: 'wallet.created',
    member_id: member,
    subject_type: 'wallet',
    subject_id: 'cm-wallet-1',
    details: {},
    prev_hash: '0'.repeat(64),
    hash: hash(1),
  },
];

/** The bodies of the list_audit_events calls a story made; the answer follows the action filter. */
const trailList = recordedRpc('list_audit_events', (body) =>
  body.action ? trail.filter((e) => e.action === body.action) : trail,
);
/** The names audit_names answers: the reviewer and the member (a deleted account would be absent). */
const names = recordedRpc('audit_names', () => [
  { id: member, name: 'Ada Lovelace' },
  { id: reviewer, name: 'Grace Hopper' },
]);
const verifyAnswer = (value: number | null) => http.post('*/rest/v1/rpc/audit_verify', () => HttpResponse.json(value));
const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

const meta = {
  title: 'Screens/Audit',
  component: Audit,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/audit', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [trailList.handler, verifyAnswer(null), names.handler] },
  },
} satisfies Meta<typeof Audit>;
export default meta;
type Story = StoryObj<typeof meta>;

const eventsTable = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Audit events' }, SLOW);

/** The trail, newest first. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    const table = await eventsTable(canvasElement);
    await within(table).findByText('kyc.approved', {}, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    const actions = ['kyc.approved', 'kyc.submitted', 'wallet.created'];
    await expect(rows.map((row) => actions.find((action) => row.textContent?.includes(action)))).toEqual([
      'kyc.approved',
      'kyc.submitted',
      'wallet.created',
    ]);
  },
};

/** The actor and the member by name, each id on hover; one call names every id of the page. */
export const Names: Story = {
  play: async ({ canvasElement }) => {
    const table = await eventsTable(canvasElement);
    await within(table).findByText('kyc.approved', {}, SLOW);
    const first = within(table).getAllByRole('row')[1];
    if (!first) throw new Error('no row');
    await waitFor(
      () => expect(first).toHaveTextContent(/kyc.approved.*Grace Hopper \(compliance\).*Ada Lovelace/),
      SLOW,
    );
    await expect(within(first).getByText('Grace Hopper')).toHaveAttribute('title', reviewer);
    await expect(within(first).getByText('Ada Lovelace')).toHaveAttribute('title', member);
    await expect(names.calls).toEqual([{ ids: [member, reviewer].sort() }]);
  },
};

/** A member the server does not name (a deleted account) shows as their id. */
export const UnnamedMember: Story = {
  parameters: {
    msw: { handlers: [trailList.handler, verifyAnswer(null), recordedRpc('audit_names', () => []).handler] },
  },
  play: async ({ canvasElement }) => {
    const table = await eventsTable(canvasElement);
    await within(table).findByText('kyc.approved', {}, SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(member), SLOW);
  },
};

/** The action filter is sent to the server, which answers only those events. */
export const FilterByAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await eventsTable(canvasElement);
    await within(table).findByText('wallet.created', {}, SLOW);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Action' }), 'kyc.approved');
    // The list shows its loading state while the filtered page is asked for: wait for the request,
    // then for the answer in the table as it is then.
    await waitFor(
      () => expect(trailList.calls.at(-1)).toMatchObject({ action: 'kyc.approved', member_id: null, before_id: null }),
      SLOW,
    );
    await waitFor(async () => {
      const filtered = await eventsTable(canvasElement);
      expect(within(filtered).getAllByText('kyc.approved').length).toBeGreaterThan(0);
      expect(within(filtered).queryByText('wallet.created')).toBeNull();
    }, SLOW);
  },
};

/** Verify integrity: audit_verify answers null, the chain holds. */
export const VerifyIntact: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify integrity' }));
    await expect(await canvas.findByText('Chain intact', {}, SLOW)).toBeVisible();
  },
};

/** Verify integrity: audit_verify names the first broken event. */
export const VerifyBroken: Story = {
  parameters: { msw: { handlers: [trailList.handler, verifyAnswer(2)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify integrity' }));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent('The chain breaks at event 2');
    await expect(canvas.queryByText('Chain intact')).toBeNull();
  },
};

/** Export CSV reads the filter from the server (the largest pages) and hands over a file. */
export const ExportCsv: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await within(await eventsTable(canvasElement)).findByText('kyc.approved', {}, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(trailList.calls.some((call) => call.page_size === 200)).toBe(true), SLOW);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_audit_events', () => HttpResponse.json([]))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No events match these filters', {}, SLOW)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_audit_events', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const table = await eventsTable(canvasElement);
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [http.post('*/rest/v1/rpc/list_audit_events', () => rpcError(consoleErrors.auditReadDenied, 403))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The audit trail could not be loaded/, {}, SLOW)).toBeVisible();
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
