import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AdminMenu } from './AdminMenu';

const meta = {
  title: 'Shell/AdminMenu',
  component: AdminMenu,
  args: { onNavigate: fn(), currentPath: '/dashboard' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof AdminMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: one button that says it opens a menu. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Admin' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open: Users, Compliance and Reports, each a real link. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Admin' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Users', 'Compliance', 'Reports']);
    await expect(items.map((item) => item.getAttribute('href'))).toEqual(['/users', '/compliance', '/reports']);
  },
};

/** By keyboard: open with Enter, move down to Reports, choose it; the app's router gets /reports. */
export const KeyboardChoosesReports: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Admin' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Users' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Reports' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith('/reports');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull());
  },
};

/** On an admin page, that page's item is marked current. */
export const OnCompliancePage: Story = {
  args: { currentPath: '/compliance' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Admin' }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Compliance' })).toHaveAttribute('aria-current', 'page');
    await expect(within(menu).getByRole('menuitem', { name: 'Users' })).not.toHaveAttribute('aria-current');
  },
};
