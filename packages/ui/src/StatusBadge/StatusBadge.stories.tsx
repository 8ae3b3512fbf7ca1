import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { consoleStatuses, StatusBadge, statusBadgeLabel } from './StatusBadge';

const meta = {
  title: 'Console/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A status in an operator's console (investments, KYC decisions, alerts, repayments, assets) as a tone and its text: colour and a mark's shape are hints, the words always carry the meaning. The domain's snake_case values read as words ('resubmission_requested' → 'Resubmission requested'); an unknown status reads as its words in the neutral tone.\n\n**When to use:** in a ConsoleTable's status column or a DetailPanel's status field.\n\n**When not:** on the investor's pages (StatusChip), or for actions.",
      },
    },
  },
  argTypes: { status: { control: 'select', options: consoleStatuses } },
  args: { status: 'Pending' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every console status with its text; the tones differ by colour and by the mark's shape. */
export const AllStatuses: Story = {
  render: (args) => (
    <ul
      aria-label="Statuses"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
    >
      {consoleStatuses.map((status) => (
        <li key={status}>
          <StatusBadge {...args} status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(consoleStatuses.length);
    await expect(items.map((item) => item.textContent)).toEqual(consoleStatuses.map(statusBadgeLabel));
    await expect(canvas.getByText('Resubmission requested')).toBeVisible();
    await expect(canvas.getByText('Under Maintenance')).toBeVisible();
    const tones = new Set(items.map((item) => item.querySelector('[data-tone]')?.getAttribute('data-tone')));
    await expect(tones).toEqual(new Set(['neutral', 'info', 'success', 'warning', 'danger']));
  },
};

export const Approved: Story = {
  args: { status: 'approved' },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Approved');
    await expect(badge).toHaveAttribute('data-status', 'approved');
    await expect(badge).toHaveAttribute('data-tone', 'success');
  },
};

export const Overdue: Story = {
  args: { status: 'Overdue' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Overdue')).toHaveAttribute('data-tone', 'danger');
  },
};

/** A status the badge does not know reads as its words, in the neutral tone. */
export const UnknownStatus: Story = {
  name: 'Unknown status',
  args: { status: 'not_started' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not started')).toHaveAttribute('data-tone', 'neutral');
  },
};
