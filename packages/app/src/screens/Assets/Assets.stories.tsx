import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { tableHandlers } from '../../../../../mocks';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
import Assets from '.';

const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

/** The bodies of the set_asset_status calls a story made. */
let changes: unknown[] = [];
const changeHandler = http.post('*/rest/v1/rpc/set_asset_status', async ({ request }) => {
  const body = (await request.json()) as { asset_id: string; status: string };
  changes.push(body);
  return HttpResponse.json({ name: body.asset_id, status: body.status, value: '€1' });
});

const meta = {
  title: 'Screens/Assets',
  component: Assets,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/assets', session: sessionAs('production_spv') } satisfies AppStoryParameters,
    msw: { handlers: [changeHandler] },
  },
  beforeEach: () => {
    changes = [];
  },
} satisfies Meta<typeof Assets>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the first asset of the inventory; answers its name. */
async function openFirst(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  const table = await canvas.findByRole('table', { name: 'Asset inventory' }, SLOW);
  const [first] = await within(table).findAllByRole('button', { name: /^Open / }, SLOW);
  if (!first) throw new Error('no asset to open');
  await userEvent.click(first);
  return { canvas, name: (first.getAttribute('aria-label') ?? first.textContent ?? '').replace(/^Open /, '') };
}

/** The inventory: each asset with its value and status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Asset inventory' }, SLOW);
    for (const header of ['Asset', 'Value', 'Status']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await within(table).findAllByRole('button', { name: /^Open / }, SLOW);
    await expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  },
};

/** Change status needs a note; with one, set_asset_status carries the status and the note. */
export const ChangeStatus: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, name } = await openFirst(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const status = within(dialog).getByRole('radiogroup', { name: 'New status' });
    await userEvent.click(within(status).getByRole('radio', { name: 'Operational' }));
    await expect(within(status).getByRole('radio', { name: 'Operational' })).toBeChecked();
    await userEvent.click(within(status).getByRole('radio', { name: 'Under Maintenance' }));
    await expect(within(status).getByRole('radio', { name: 'Under Maintenance' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await expect(within(dialog).getByText('A note is required')).toBeVisible();
    await expect(changes).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Inverter replaced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(changes).toEqual([{ asset_id: name, status: 'Under Maintenance', note: 'Inverter replaced' }]);
  },
};

/** The server refuses: its message in the dialog, which stays open with the note. */
export const ChangeRefused: Story = {
  parameters: {
    msw: { handlers: [http.post('*/rest/v1/rpc/set_asset_status', () => rpcError(consoleErrors.assetDenied, 403))] },
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await openFirst(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Inverter replaced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await expect(await within(dialog).findByText(/may change an asset's status/, {}, SLOW)).toBeVisible();
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Inverter replaced');
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail and its action. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Asset inventory' }, SLOW);
    const [first] = await within(table).findAllByRole('button', { name: /^Open / }, SLOW);
    first?.focus();
    await userEvent.keyboard('{Enter}');
    const change = await canvas.findByRole('button', { name: 'Change status' }, SLOW);
    change.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('dialog', {}, SLOW)).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [tableHandlers.empty('production_assets')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No assets', {}, SLOW)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [tableHandlers.loading('production_assets')] } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Asset inventory' }, SLOW);
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [tableHandlers.error('production_assets')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The assets could not be loaded/, {}, SLOW)).toBeVisible();
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
