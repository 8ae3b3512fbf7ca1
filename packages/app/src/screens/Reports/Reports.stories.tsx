import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Reports from '.';

const kycCsv =
  'event_id,decided_at,member_id,email,decision,decided_by,reason\r\n3,2026-11-21T10:00:00Z,11111111-1111-4111-8111-111111111111,ada@example.eu,approved,compliance,\r\n';

/** `export_report` answering the CSV; its calls are this story's own. */
const exporting = recordedRpc('export_report', () => kycCsv);

const meta = {
  title: 'Screens/Reports',
  component: Reports,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/reports', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [exporting.handler] },
  },
} satisfies Meta<typeof Reports>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Compliance: KYC decisions and audit events, nothing else. */
export const Compliance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Reports you may export' }, SLOW);
    await expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['KYC decisions', 'Audit events']);
  },
};

/** The equity SPV: investments only. */
export const EquitySpv: Story = {
  parameters: { app: { url: '/reports', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Reports you may export' }, SLOW);
    await expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Investments']);
  },
};

/** Export sends the kind and the range (the last day included: to_at is the next midnight). */
export const ExportInRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(await canvas.findByLabelText('From', {}, SLOW), { target: { value: '2026-11-01' } });
    fireEvent.change(canvas.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV: KYC decisions' }));
    // The page has other statuses (the escrow section's loading one among them): find the export's.
    await waitFor(
      () =>
        expect(canvas.getAllByRole('status').map((status) => status.textContent)).toContainEqual(
          expect.stringContaining('(1 row)'),
        ),
      SLOW,
    );
    await expect(exporting.calls).toEqual([
      { kind: 'kyc_decisions', from_at: '2026-11-01T00:00:00Z', to_at: '2026-12-01T00:00:00.000Z' },
    ]);
  },
};

/** The server refuses: its message under the report. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/export_report', () =>
          HttpResponse.json({ ...consoleErrors.reportDenied, details: null, hint: null }, { status: 403 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Export CSV: Audit events' }, SLOW));
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(consoleErrors.reportDenied.message);
  },
};

export const CompliancePhone: Story = {
  ...Compliance,
  name: 'Compliance — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
