import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
import Compliance from '.';

/** Two alerts as `list_alerts` answers them: one open, one acknowledged (open first). */
const alerts = [
  { id: 1, user: 'Ada Lovelace', issue: 'Large transfer', priority: 'High', status: 'open', note: null },
  {
    id: 2,
    user: 'Grace Hopper',
    issue: 'Address mismatch',
    priority: 'Medium',
    status: 'acknowledged',
    acknowledged_at: '2026-11-22T08:00:00Z',
    note: 'Asked for a utility bill',
  },
];
const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

interface ListBody {
  status: string | null;
  after: string | null;
  page_size: number;
}

/** Each call a story makes, by function (a spy: empty at every story's start). */
const recordCall = fn<(call: { fn: string; body: unknown }) => void>().mockName('rpc calls');
const calls = () => recordCall.mock.calls.map(([call]) => call);
/** `list_alerts` over some alerts: the status filter, then the page after `after`, as the server pages. */
const listOver = (rows: readonly (typeof alerts)[number][]) =>
  http.post('*/rest/v1/rpc/list_alerts', async ({ request }) => {
    const body = (await request.json()) as ListBody;
    recordCall({ fn: 'list_alerts', body });
    const kept = rows.filter((a) => !body.status || a.status === body.status);
    const start = body.after ? kept.findIndex((a) => String(a.id) === body.after) + 1 : 0;
    return HttpResponse.json(kept.slice(start, start + body.page_size));
  });
const listHandler = listOver(alerts);
const record = (fn: string) =>
  http.post(`*/rest/v1/rpc/${fn}`, async ({ request }) => {
    recordCall({ fn, body: await request.json() });
    return HttpResponse.json({ ...alerts[0], status: fn === 'resolve_alert' ? 'resolved' : 'acknowledged' });
  });

const meta = {
  title: 'Screens/Compliance',
  component: Compliance,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/compliance', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
    msw: { handlers: [listHandler, record('acknowledge_alert'), record('resolve_alert')] },
  },
} satisfies Meta<typeof Compliance>;
export default meta;
type Story = StoryObj<typeof meta>;

const listCalls = () =>
  calls()
    .filter((c) => c.fn === 'list_alerts')
    .map((c) => c.body);

async function open(canvasElement: HTMLElement, issue: string) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'Compliance alerts' })).toBeVisible();
  const table = await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW);
  await userEvent.click(await within(table).findByRole('button', { name: `Open ${issue}` }, SLOW));
  return canvas.findByRole('region', { name: issue }, SLOW);
}

/** Every alert, open first, read from the server's list (no status, the first page). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Compliance alerts' }, SLOW);
    await expect(await within(table).findByText('Large transfer', {}, SLOW)).toBeVisible();
    await expect(within(table).getByText('Address mismatch')).toBeVisible();
    await expect(listCalls()).toEqual([{ status: null, after: null, page_size: 50 }]);
    await expect(within(canvasElement).getByRole('combobox', { name: 'Status' })).toHaveValue('');
  },
};

/** The status filter is sent to the server; Resolved keeps nothing here: its own empty state. */
export const FilteredByStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW);
    await within(table).findByText('Large transfer', {}, SLOW);
    const status = canvas.getByRole('combobox', { name: 'Status' });
    await expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Open', 'Acknowledged', 'Resolved']);
    await userEvent.selectOptions(status, 'acknowledged');
    // The filtered page, not the loading state between (no rows) nor the page before it.
    await waitFor(() => {
      expect(within(table).queryByText('Large transfer')).toBeNull();
      expect(within(table).getByText('Address mismatch')).toBeVisible();
    }, SLOW);
    await expect(listCalls().at(-1)).toEqual({ status: 'acknowledged', after: null, page_size: 50 });
    await userEvent.selectOptions(status, 'resolved');
    await expect(await within(table).findByText('No resolved alerts', {}, SLOW)).toBeVisible();
    await expect(listCalls().at(-1)).toEqual({ status: 'resolved', after: null, page_size: 50 });
  },
};

/** More than a page: Load more asks for the page after the last alert shown. */
const many = Array.from({ length: 53 }, (_, i) => ({
  id: 100 - i,
  user: `member${i}@example.test`,
  issue: `Screening match ${100 - i}`,
  priority: i % 2 === 0 ? 'High' : 'Medium',
  status: 'open',
  note: null,
}));
export const LoadMore: Story = {
  parameters: { msw: { handlers: [listOver(many)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW);
    await within(table).findByText('Screening match 51', {}, SLOW);
    await expect(within(table).queryByText('Screening match 50')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await within(table).findByText('Screening match 48', {}, SLOW)).toBeVisible();
    await expect(listCalls()).toEqual([
      { status: null, after: null, page_size: 50 },
      { status: null, after: '51', page_size: 50 },
    ]);
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull(), SLOW);
  },
};

/** Acknowledge takes an optional note, sends acknowledge_alert, then reads the list again. */
export const Acknowledge: Story = {
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement, 'Large transfer');
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Looking into it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(
      () =>
        expect(calls().filter((c) => c.fn !== 'list_alerts')).toEqual([
          { fn: 'acknowledge_alert', body: { alert_id: 1, note: 'Looking into it' } },
        ]),
      SLOW,
    );
    await expect(await within(canvasElement).findByRole('status', {}, SLOW)).toHaveTextContent(
      '“Large transfer” acknowledged.',
    );
    await waitFor(() => expect(listCalls().length).toBe(2), SLOW);
  },
};

/** Resolve needs a note; the server's refusal keeps the dialog open with the text. */
export const ResolveRefused: Story = {
  parameters: {
    msw: {
      handlers: [listHandler, http.post('*/rest/v1/rpc/resolve_alert', () => rpcError(consoleErrors.alertDenied, 403))],
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement, 'Address mismatch');
    await expect(within(panel).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect(await within(dialog).findByText('A note is required to resolve an alert')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Bill received');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await expect(await within(dialog).findByText(consoleErrors.alertDenied.message, {}, SLOW)).toBeVisible();
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Bill received');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_alerts', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Compliance alerts' }, SLOW);
    // Radix's table root (a wrapper of the <table>) carries aria-busy while the first page loads.
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: {
    msw: { handlers: [http.post('*/rest/v1/rpc/list_alerts', () => rpcError(consoleErrors.alertReadDenied, 403))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The alerts could not be loaded/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByText(new RegExp(consoleErrors.alertReadDenied.message))).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [listOver([])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No alerts', {}, SLOW)).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
