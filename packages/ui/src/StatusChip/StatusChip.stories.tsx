import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Status, statuses } from '@vault/domain';
import { expect, within } from 'storybook/test';
import { StatusChip, statusColors } from './StatusChip';

const meta = {
  title: 'Data display/StatusChip',
  component: StatusChip,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A status of docs/product.md §3 (documents, investments, loans, assets, alert priorities). Each status has its own colour, and always its text label: colour is never the only signal.\n\n**When to use:** for the status of a record (documents, investments, loans, alerts), always with its text.\n\n**When not:** for counts, tags people choose, or actions (use buttons).',
      },
    },
  },
  argTypes: {
    status: { control: 'select', options: statuses },
    size: { control: 'inline-radio', options: ['1', '2', '3'] },
  },
  args: { status: 'Signed' },
} satisfies Meta<typeof StatusChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every status side by side: each one reads as its own label and has its own colour. */
export const AllStatuses: Story = {
  render: (args) => (
    <ul
      aria-label="Statuses"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
    >
      {statuses.map((status) => (
        <li key={status}>
          <StatusChip {...args} status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(statuses.length);
    const backgrounds = new Set<string>();
    for (const status of statuses) {
      const chip = canvas.getByText(status);
      await expect(chip).toBeVisible();
      await expect(chip).toHaveTextContent(new RegExp(`^${status}$`));
      backgrounds.add(getComputedStyle(chip).backgroundColor);
    }
    // Each status its own colour.
    await expect(backgrounds.size).toBe(statuses.length);
    await expect(new Set(Object.values(statusColors)).size).toBe(statuses.length);
  },
};

function statusStory(status: Status): Story {
  return {
    name: status,
    args: { status },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const chip = canvas.getByText(status);
      await expect(chip).toBeVisible();
      await expect(chip).toHaveAttribute('data-status', status);
    },
  };
}

export const Signed = statusStory('Signed');
export const Pending = statusStory('Pending');
export const Available = statusStory('Available');
export const Sent = statusStory('Sent');
export const Active = statusStory('Active');
export const Matured = statusStory('Matured');
export const Operational = statusStory('Operational');
export const UnderMaintenance = statusStory('Under Maintenance');
export const High = statusStory('High');
export const Medium = statusStory('Medium');

/** A custom label keeps the status colour, e.g. for alert priorities. */
export const CustomLabel: Story = {
  args: { status: 'High', label: 'High priority' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('High priority')).toBeVisible();
  },
};
