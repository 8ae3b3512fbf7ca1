import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { type AppStoryParameters, expectNavigatedTo, expectToast, sessionAs, withApp } from '../../test-support';
import Agreement from '.';

const meta = {
  title: 'Screens/Agreement',
  component: Agreement,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/agreement', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Agreement>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Unticked, Sign Agreement reads as disabled, and an attempt says why; ticked, signing goes on to /dashboard. */
export const TickboxGating: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Membership Agreement' })).toBeVisible();
    const sign = canvas.getByRole('button', { name: 'Sign Agreement' });
    await expect(sign).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(sign);
    await expectToast(messages.agreeToTerms);
    await expect(canvas.queryByTestId('story-location')).toBeNull();

    const terms = canvas.getByRole('checkbox', { name: /I have read and agree to the membership agreement terms/ });
    await userEvent.click(terms);
    await expect(terms).toBeChecked();
    await expect(sign).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(sign);
    await expectToast('Agreement signed successfully');
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** The keyboard path: tick with Space, sign with Enter. */
export const KeyboardSigning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = canvas.getByRole('checkbox', { name: /I have read and agree/ });
    terms.focus();
    await userEvent.keyboard(' ');
    await expect(terms).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sign Agreement' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** TickboxGating on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const TickboxGatingPhone: Story = {
  ...TickboxGating,
  name: 'Tickbox Gating — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
