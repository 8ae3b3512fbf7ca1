import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { tableHandlers } from '../../../../../mocks';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
import Compliance from '.';

/** Two alerts as the table answers them: one open, one acknowledged. */
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

let calls: { fn: string; body: unknown }[] = [];
const alertsHandler = http.get('*/rest/v1/compliance_alerts', () => HttpResponse.json(alerts));
const record = (fn: string) =>
  http.post(`*/rest/v1/rpc/${fn}`, async ({ request }) => {
    calls.push({ fn, body: await request.json() });
    return HttpResponse.json({ ...alerts[0], status: fn === 'resolve_alert' ? 'resolved' : 'acknowledged' });
  });

const meta = {
  title: 'Screens/Compliance',
  component: Compliance,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/compliance', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
    msw: { handlers: [alertsHandler, record('acknowledge_alert'), record('resolve_alert')] },
  },
  beforeEach: () => {
    calls = [];
  },
} satisfies Meta<typeof Compliance>;
export default meta;
type Story = StoryObj<typeof meta>;

async function open(canvasElement: HTMLElement, issue: string) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'Compliance alerts' })).toBeVisible();
  const table = await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW);
  await userEvent.click(await within(table).findByRole('button', { name: `Open ${issue}` }, SLOW));
  return canvas.findByRole('region', { name: issue }, SLOW);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Compliance alerts' }, SLOW);
    await expect(await within(table).findByText('Large transfer', {}, SLOW)).toBeVisible();
    await expect(within(table).getByText('Address mismatch')).toBeVisible();
  },
};

/** Acknowledge takes an optional note and sends acknowledge_alert. */
export const Acknowledge: Story = {
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement, 'Large transfer');
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Looking into it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(
      () => expect(calls).toEqual([{ fn: 'acknowledge_alert', body: { alert_id: 1, note: 'Looking into it' } }]),
      SLOW,
    );
  },
};

/** Resolve needs a note; the server's refusal keeps the dialog open with the text. */
export const ResolveRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        alertsHandler,
        http.post('*/rest/v1/rpc/resolve_alert', () => rpcError(consoleErrors.alertDenied, 403)),
      ],
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
  parameters: { msw: { handlers: [tableHandlers.loading('compliance_alerts')] } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Compliance alerts' }, SLOW);
    // Radix's table root (a wrapper of the <table>) carries aria-busy while the first page loads.
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [tableHandlers.error('compliance_alerts')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/The alerts could not be loaded/, {}, SLOW)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [tableHandlers.empty('compliance_alerts')] } },
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
