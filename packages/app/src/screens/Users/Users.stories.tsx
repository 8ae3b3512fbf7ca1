import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { tableHandlers } from '../../../../../mocks';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
import Users from '.';

const meta = {
  title: 'Screens/Users',
  component: Users,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/users', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Users>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Platform users' }, SLOW);
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Joined']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeVisible();
    }
    const row = within(table).getByRole('rowheader', { name: 'Hanna Berg' }).closest('tr');
    await expect(row).not.toBeNull();
    if (row) {
      await expect(within(row).getByText('compliance@vault.example')).toBeVisible();
      await expect(within(row).getByText('Compliance officer')).toBeVisible();
      await expect(within(row).getByText('Active')).toBeVisible();
    }
    await expect(within(table).getByText('Suspended')).toBeVisible();
    await expect(within(table).getAllByRole('row').length).toBe(10);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [tableHandlers.loading('members')] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading users…' })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [tableHandlers.error('members')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Failed to load users' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [tableHandlers.empty('members')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No users yet' }, SLOW)).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
