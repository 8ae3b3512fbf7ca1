import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors } from '@vault/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  type AppStoryParameters,
  consoleListStates,
  findConsoleTable,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Compliance from '.';

const TABLE = 'Refused payment events';
const HEADERS = ['Refused at', 'Event', 'Amount', 'Member', 'Provider reference', 'Reason'];

/** A refused event as `list_ledger_refusals` answers it. */
const refusal = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  event_id: `evt_${id}`,
  provider_ref: `pi_${id}`,
  member_id: null,
  kind: 'payment',
  reason: 'unknown member',
  refused_at: '2026-11-24T09:15:00Z',
  amount_cents: 2_500,
  currency: 'EUR',
  status: 'settled',
  ...overrides,
});

/** Two refusals, newest first: a charge-back larger than the payment, a payment naming no member. */
const refusals = [
  refusal(2, {
    member_id: '11111111-1111-4111-8111-111111111111',
    kind: 'chargeback',
    reason: 'amount differs from the payment (€20)',
    amount_cents: 3_000,
    status: null,
    refused_at: '2026-11-25T16:40:00Z',
  }),
  refusal(1),
];

/** The list after `after`, as the server pages it (newest first, `page_size` rows). */
const pagedOver = (rows: readonly ReturnType<typeof refusal>[]) =>
  recordedRpc('list_ledger_refusals', (body) => {
    const after = typeof body.after === 'number' ? body.after : null;
    const size = Number(body.page_size);
    return rows.filter((r) => after === null || r.id < after).slice(0, size);
  });
const listed = pagedOver(refusals);

const meta = {
  title: 'Screens/Compliance/Refused payment events',
  component: Compliance,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/compliance', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
    msw: { handlers: [listed.handler] },
  },
} satisfies Meta<typeof Compliance>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each refused event with what it named and why the ledger refused it, newest first. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, TABLE, HEADERS);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), SLOW);
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(
      /Charge-back.*€30.*11111111-1111-4111-8111-111111111111.*pi_2.*amount differs from the payment \(€20\)/,
    );
    await expect(rows[2]).toHaveTextContent(/Payment.*€25.*Unknown.*pi_1.*unknown member/);
    await expect(listed.calls).toEqual([{ after: null, page_size: 50 }]);
    // Read-only: the provider was answered; nothing here moves money.
    await expect(within(table).queryByRole('button')).toBeNull();
  },
};

const many = Array.from({ length: 53 }, (_, i) => refusal(53 - i, { provider_ref: `pi_many_${53 - i}` }));
const manyListed = pagedOver(many);

/** More than a page: Load more (by keyboard) asks for the events after the last one shown. */
export const LoadMore: Story = {
  parameters: { msw: { handlers: [manyListed.handler] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findConsoleTable(canvasElement, TABLE, HEADERS);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51), SLOW);
    const more = canvas.getByRole('button', { name: 'Load more refused events' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(54), SLOW);
    await expect(manyListed.calls).toEqual([
      { after: null, page_size: 50 },
      { after: 4, page_size: 50 },
    ]);
    await expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('pi_many_1');
    await expect(canvas.queryByRole('button', { name: 'Load more refused events' })).toBeNull();
  },
};

const states = rpcListHandlers('list_ledger_refusals');
const listStates = consoleListStates({
  table: TABLE,
  empty: { handler: states.empty, text: 'No refused payment events' },
  loading: states.loading,
  failed: { handler: states.error(actionErrors.ledgerReadDenied), text: /refused payment events could not be loaded/ },
});
export const Empty: Story = { parameters: listStates.Empty.parameters, play: listStates.Empty.play };
export const Loading: Story = { parameters: listStates.Loading.parameters, play: listStates.Loading.play };
export const Failed: Story = { parameters: listStates.Failed.parameters, play: listStates.Failed.play };
