import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminMenu } from '../AdminMenu';
import { DemoBadge } from '../DemoBadge';
import { PaletteHint } from '../PaletteHint';
import { PrimaryNav } from '../PrimaryNav';
import { UserMenu } from '../UserMenu';
import { Header } from './Header';

const navigate = fn();

const meta = {
  title: 'Shell/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: {
    onNavigate: navigate,
    nav: <PrimaryNav currentPath="/dashboard" onNavigate={navigate} />,
    hint: <PaletteHint />,
    userMenu: <UserMenu email="ada@example.com" onLogout={fn()} onNavigate={navigate} />,
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An investor: logo, navigation, hint and user menu. */
export const Investor: Story = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner');
    const home = within(banner).getByRole('link', { name: 'Vault' });
    await expect(home).toHaveAttribute('href', '/');
    await expect(within(home).getByRole('img', { name: 'Vault' })).toBeVisible();
    await expect(within(banner).getByRole('navigation', { name: 'Primary' })).toBeVisible();
    await expect(within(banner).getByRole('button', { name: /ada@example\.com/ })).toBeVisible();
    await expect(within(banner).queryByRole('button', { name: 'Admin' })).toBeNull();
  },
};

/** The logo leads home through the app's router. */
export const LogoGoesHome: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Vault' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/');
  },
};

/** An administrator in demo mode: the admin menu and the Demo badge join the account controls. */
export const AdminInDemoMode: Story = {
  args: {
    demoBadge: <DemoBadge />,
    adminMenu: <AdminMenu onNavigate={navigate} currentPath="/dashboard" />,
    userMenu: <UserMenu email="admin@example.com" onLogout={fn()} onNavigate={navigate} />,
  },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner');
    await expect(within(banner).getByText('Demo')).toBeVisible();
    await expect(within(banner).getByRole('button', { name: 'Admin' })).toBeVisible();
    await expect(within(banner).getByRole('button', { name: /admin@example\.com/ })).toBeVisible();
  },
};

/** Signed out: only the logo (e.g. on the landing page). */
export const SignedOut: Story = {
  args: { nav: undefined, hint: undefined, userMenu: undefined },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner');
    await expect(within(banner).getAllByRole('link')).toHaveLength(1);
    await expect(within(banner).queryByRole('button')).toBeNull();
  },
};
