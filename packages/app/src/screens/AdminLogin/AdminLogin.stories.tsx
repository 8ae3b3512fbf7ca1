import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { authAnswers } from '../../../../../mocks/story';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../session/adminPair';
import { type AppStoryParameters, adminSession, expectNavigatedTo, expectToast, withApp } from '../../test-support';
import AdminLogin from '.';

const meta = {
  title: 'Screens/AdminLogin',
  component: AdminLogin,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { url: '/admin/login' } satisfies AppStoryParameters },
} satisfies Meta<typeof AdminLogin>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Return to Main Login' })).toHaveAttribute('href', '/');
  },
};

export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }));
    await expectToast(messages.fillAllFields);
  },
};

/** docs/product.md §5: 'Authenticating...' and disabled while working; a wrong pair toasts and re-enables. */
export const WrongPair: Story = {
  parameters: { msw: { handlers: [authAnswers.invalidCredentials] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_ADMIN_EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }));
    await expect(canvas.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    await expectToast(messages.invalidAdminCredentials);
    await expect(await canvas.findByRole('button', { name: 'Access Dashboard' })).toBeEnabled();
    await expect(canvas.queryByTestId('story-location')).toBeNull();
  },
};

export const RightPair: Story = {
  parameters: { msw: { handlers: adminSession.user ? [authAnswers.signsInAs(adminSession.user, true)] : [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_ADMIN_EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), DEMO_ADMIN_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }));
    await expectToast(messages.adminLoginSuccess);
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** In demo mode the page says plainly that the pair is a demo gate, and shows it. */
export const DemoMode: Story = {
  parameters: { app: { url: '/admin/login', demo: true } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    // Mock builds only: the embedded backend's admin account, shown in demo mode.
    await expect(
      within(canvasElement).getByText(/Demo account of the embedded backend: admin@example\.com \/ admin-demo-2025/),
    ).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
