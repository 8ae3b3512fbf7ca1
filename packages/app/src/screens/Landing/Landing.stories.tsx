import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages, roleIds } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { type AppStoryParameters, expectNavigatedTo, expectToast, withApp } from '../../test-support';
import Landing from '.';

const meta = {
  title: 'Screens/Landing',
  component: Landing,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { url: '/' } satisfies AppStoryParameters },
} satisfies Meta<typeof Landing>;
export default meta;
type Story = StoryObj<typeof meta>;

/** docs/product.md §2: every field, link and button of the landing sign-in. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin/login');
    await expect(canvas.getByRole('link', { name: 'Individual' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Professional/Corporate' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue with LinkedIn' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Demo accounts' })).toBeNull();
  },
};

/** docs/product.md §5: an empty field stops the submit with the toast. */
export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'jane@example.eu');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expectToast(messages.fillAllFields);
    await expect(canvas.queryByTestId('story-location')).toBeNull();
  },
};

/** Any non-empty pair signs in as an investor and goes to the dashboard (docs/decisions.md (1)). */
export const SignsIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'jane.doe@example.eu');
    await userEvent.type(canvas.getByLabelText('Password'), 'any password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expectToast(messages.loginSuccess);
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** docs/decisions.md (3): one button per role, named exactly `Sign in as <role id>`. */
export const DemoAccounts: Story = {
  parameters: { app: { url: '/', demo: true } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = canvas.getByRole('region', { name: 'Demo accounts' });
    for (const role of roleIds) {
      await expect(within(section).getByRole('button', { name: `Sign in as ${role}` })).toBeVisible();
    }
    await userEvent.click(within(section).getByRole('button', { name: 'Sign in as compliance' }));
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
