import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccessMatrix } from './AccessMatrix';

const meta = {
  title: 'Docs/Access matrix',
  component: AccessMatrix,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AccessMatrix>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Reads a row as a person would: the route's cell, then each role's verdict in column order. */
function rowVerdicts(table: HTMLElement, path: string): string[] {
  const header = within(table).getByText(path, { selector: 'code' });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${path}`);
  return Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '');
}

export const RoutesByRole: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Access matrix: routes by role' });
    // Columns: rule, then investor, mfo_admin, cl_spv_admin, eq_spv_admin, production_spv, compliance.
    expect(rowVerdicts(table, '/loans')).toEqual([
      'Roles below',
      'Denied',
      'Denied',
      'Allowed',
      'Denied',
      'Denied',
      'Denied',
    ]);
    expect(rowVerdicts(table, '/investments/:id')).toEqual([
      'Roles below; investors must be ready',
      'Allowed, gated',
      'Denied',
      'Denied',
      'Denied',
      'Denied',
      'Denied',
    ]);
    expect(rowVerdicts(table, '/reports').slice(1)).toEqual([
      'Denied',
      'Allowed',
      'Allowed',
      'Allowed',
      'Denied',
      'Allowed',
    ]);
    expect(rowVerdicts(table, '/').at(0)).toBe('Public');
    expect(rowVerdicts(table, '/community').at(0)).toBe('Any signed-in user');
  },
};
