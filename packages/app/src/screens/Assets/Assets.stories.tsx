import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  consoleListStates,
  expectReasonRequiredThenSent,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Assets from '.';

/** The set_asset_status calls a story made. */
const setAssetStatus = recordedRpc('set_asset_status', (body) => {
  const { asset_id, status } = body as { asset_id: string; status: string };
  return { name: asset_id, status, value: '€1' };
});

const meta = {
  title: 'Screens/Assets',
  component: Assets,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/assets', session: sessionAs('production_spv') } satisfies AppStoryParameters,
    msw: { handlers: [setAssetStatus.handler] },
  },
} satisfies Meta<typeof Assets>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the first asset of the inventory; answers its name. */
async function openFirst(canvasElement: HTMLElement) {
  const canvas = await openConsoleRow(canvasElement, { heading: 'Assets', table: 'Asset inventory', row: /^Open / });
  const label = canvas.rowButton.getAttribute('aria-label') ?? canvas.rowButton.textContent ?? '';
  return { canvas, name: label.replace(/^Open /, '') };
}

/** The inventory: each asset with its value and status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, 'Asset inventory', ['Asset', 'Value', 'Status']);
    await within(table).findAllByRole('button', { name: /^Open / }, SLOW);
    await expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  },
};

/**
 * Change status: the dialog opens on the other status (a radio group, before the note); a note is
 * required; set_asset_status carries the chosen status and the note, and the status line says so.
 */
export const ChangeStatus: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, name } = await openFirst(canvasElement);
    await expectReasonRequiredThenSent(canvas, {
      action: 'Change status',
      required: 'A note is required',
      text: 'Inverter replaced',
      recorded: setAssetStatus,
      choose: async (dialog) => {
        const status = within(dialog).getByRole('radiogroup', { name: 'New status' });
        const operational = within(status).getByRole('radio', { name: 'Operational' });
        const maintenance = within(status).getByRole('radio', { name: 'Under Maintenance' });
        await userEvent.click(operational);
        await expect(operational).toBeChecked();
        await userEvent.click(maintenance);
        await expect(maintenance).toBeChecked();
      },
    });
    await expect(setAssetStatus.calls).toEqual([
      { asset_id: name, status: 'Under Maintenance', note: 'Inverter replaced' },
    ]);
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(`${name} is now Under Maintenance.`);
  },
};

/** The server refuses: its message in the dialog, which stays open with the note. */
export const ChangeRefused: Story = {
  parameters: {
    msw: { handlers: [setAssetStatus.refusing(consoleErrors.assetDenied, 403)] },
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await openFirst(canvasElement);
    await expectRefusalKeepsDialog(canvas, {
      action: 'Change status',
      text: 'Inverter replaced',
      message: /may change an asset's status/,
    });
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail and its action. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    await openRowByKeyboard(canvasElement, {
      table: 'Asset inventory',
      row: /^Open /,
      action: 'Change status',
      opensDialog: true,
    });
  },
};

const states = consoleListStates({
  table: 'Asset inventory',
  empty: { handler: tableAnswers.empty('production_assets'), text: 'No assets' },
  loading: tableAnswers.loading('production_assets'),
  failed: { handler: tableAnswers.error('production_assets'), text: /The assets could not be loaded/ },
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
