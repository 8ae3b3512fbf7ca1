import type { Meta, StoryObj } from '@storybook/react-vite';
import { breadcrumbs } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from './AppShell';

const meta = {
  title: 'Shell/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    currentPath: '/dashboard',
    email: 'ada@example.com',
    breadcrumbs: breadcrumbs('/dashboard'),
    onNavigate: fn(),
    onLogout: fn(),
    onToggleAppearance: fn(),
    onUnavailable: fn(),
    children: (
      <>
        <h1>Dashboard</h1>
        <p>Page content goes here.</p>
      </>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An investor's dashboard: every landmark once, the navigation marking Dashboard. */
export const Investor: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toHaveTextContent('Page content goes here.');
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2025 Vault');
    const primary = within(canvas.getByRole('navigation', { name: 'Primary' }));
    await expect(primary.getByRole('link', { name: 'Dashboard', current: 'page' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(canvas.getByText('Press Ctrl+K (or Cmd+K on Mac) to search')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Admin' })).toBeNull();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** The first Tab reaches the skip link; Enter moves focus to the main content. */
export const SkipToContent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/** An administrator in demo mode, offline, deep in the app. */
export const AdminOfflineInDemoMode: Story = {
  args: {
    currentPath: '/compliance',
    email: 'admin@example.com',
    showAdminMenu: true,
    demo: true,
    offline: true,
    breadcrumbs: breadcrumbs('/compliance'),
    children: <h1>Compliance</h1>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'You’re offline. Some actions won’t work until connection is restored.',
    );
    await expect(canvas.getByRole('button', { name: 'Admin' })).toBeVisible();
    await expect(canvas.getByText('Demo')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Compliance', current: 'page' })).toHaveAttribute(
      'href',
      '/compliance',
    );
  },
};

/** Signed out pages use the shell without account controls. */
export const SignedOut: Story = {
  args: { email: undefined, currentPath: '/welcome', breadcrumbs: undefined, children: <h1>Welcome</h1> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: /@/ })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    await expect(canvas.getByRole('main')).toHaveTextContent('Welcome');
  },
};
