import type { Meta, StoryObj } from '@storybook/react-vite';
import { USER_MENU_CLOSE_DELAY_MS } from '@vault/domain';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UserMenu } from './UserMenu';

const meta = {
  title: 'Shell/UserMenu',
  component: UserMenu,
  args: {
    email: 'ada@example.com',
    appearance: 'light',
    onNavigate: fn(),
    onLogout: fn(),
    onToggleAppearance: fn(),
  },
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', gap: 24, alignItems: 'center', minHeight: 280 }}>
        <button type="button" style={{ minHeight: 24 }}>
          Elsewhere on the page
        </button>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Closed: the button shows the signed-in user's email. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /ada@example\.com/ });
    await expect(trigger).toHaveTextContent('ada@example.com');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open: Account Settings, Documents, the appearance toggle and Logout. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu', { name: /ada@example\.com/ });
    const links = within(menu).getAllByRole('menuitem');
    await expect(links.map((item) => item.textContent)).toEqual(['Account Settings', 'Documents', 'Logout']);
    await expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
    await expect(within(menu).getByRole('menuitem', { name: 'Documents' })).toHaveAttribute('href', '/documents');
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Dark appearance' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  },
};

/** docs/product.md §2: the menu closes 120 ms after focus leaves it: still open right after, gone after the delay. */
export const ClosesAfterBlur: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    await waitFor(() => expect(menu.contains(canvasElement.ownerDocument.activeElement)).toBe(true));

    const elsewhere = canvas.getByRole('button', { name: 'Elsewhere on the page' });
    const blurredAt = performance.now();
    elsewhere.focus();
    // Right after focus left, the menu is still open (it fades in and out, so check its state).
    await expect(body(canvasElement).getByRole('menu')).toHaveAttribute('data-state', 'open');

    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull(), { timeout: 2000 });
    await expect(performance.now() - blurredAt).toBeGreaterThanOrEqual(USER_MENU_CLOSE_DELAY_MS);
    // Closing does not pull focus back to the menu button: it stays where the person moved it.
    await expect(elsewhere).toHaveFocus();
  },
};

/** Focus that comes back within the delay keeps the menu open. */
export const FocusReturningKeepsItOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    const settings = within(menu).getByRole('menuitem', { name: 'Account Settings' });
    canvas.getByRole('button', { name: 'Elsewhere on the page' }).focus();
    settings.focus();
    await new Promise((resolve) => setTimeout(resolve, USER_MENU_CLOSE_DELAY_MS * 3));
    await expect(body(canvasElement).getByRole('menu')).toHaveAttribute('data-state', 'open');
  },
};

/** Choosing Logout calls back once and closes the menu. */
export const Logout: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

/** Account Settings goes through the app's router. */
export const GoesToAccountSettings: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Account Settings' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};

/** In dark appearance the toggle is checked; choosing it asks the app to switch back. */
export const AppearanceToggle: Story = {
  args: { appearance: 'dark' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: 'Dark appearance' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await expect(args.onToggleAppearance).toHaveBeenCalledTimes(1);
  },
};

/** Without an appearance callback the toggle is left out. */
export const WithoutAppearanceToggle: Story = {
  args: { onToggleAppearance: undefined },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /ada@example\.com/ }));
    const menu = await body(canvasElement).findByRole('menu');
    await expect(within(menu).queryByRole('menuitemcheckbox')).toBeNull();
  },
};
