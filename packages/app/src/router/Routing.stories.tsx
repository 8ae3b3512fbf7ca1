import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, waitFor, within } from 'storybook/test';
import { adminSession, FullApp, SLOW, sessionAs, storyUsers } from '../test-support';

/**
 * The one guard at work on the real route table (docs/product.md §4 'Access guard'): each story opens the
 * whole app at a URL with a session and shows where the person ends up.
 */
const meta = {
  title: 'App/Routing',
  component: FullApp,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FullApp>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOutGoesToLogin: Story = {
  args: { url: '/dashboard' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' }, SLOW)).toBeVisible();
  },
};

export const RoleNotAllowed: Story = {
  args: { url: '/users', session: sessionAs('investor') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.accessDenied, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  },
};

export const GateSendsToAccessRequired: Story = {
  args: { url: '/investments/solar-park-groningen', session: { user: storyUsers.walletInvestor, isAdmin: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Access required' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Complete KYC' })).toBeVisible();
  },
};

export const AdminFlagBypassesTheGate: Story = {
  args: { url: '/investments/solar-park-groningen', session: adminSession },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The investment flow itself, with its data: no gate, no 'Access denied.'.
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /^Invest in Groningen Solar Park II/ }, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Access required' })).toBeNull();
    await expect(canvas.queryByText(messages.accessDenied)).toBeNull();
  },
};

export const SignedInLeavesSignInPages: Story = {
  args: { url: '/login', session: sessionAs('compliance') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Primary' }, SLOW);
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The dashboard, its tables loaded.
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Compliance Dashboard' }, SLOW)).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull(), SLOW);
  },
};

export const UnknownPath: Story = {
  args: { url: '/no/such/page', session: sessionAs('investor') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: messages.notFound }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  },
};
