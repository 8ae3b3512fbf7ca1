import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages, registrationSteps } from '@vault/domain';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, withApp } from '../../test-support';
import Register from '.';

const meta = {
  title: 'Screens/Register',
  component: Register,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/register?type=individual', path: '/register' } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Register>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function fillStepOne(canvas: Canvas, confirm = 'correct-horse') {
  await userEvent.type(canvas.getByLabelText(/^First name/), 'Ada');
  await userEvent.type(canvas.getByLabelText(/^Last name/), 'Lovelace');
  await userEvent.type(canvas.getByLabelText(/^Email/), 'ada@example.eu');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse');
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), confirm);
}

/** Step 1: Back is disabled, and an empty form is refused with a toast. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: registrationSteps[0] })).toBeVisible();
    await expect(canvas.getByText('Step 1 of 3')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText(messages.fillRequiredFields)).toBeVisible(), SLOW);
    await expect(canvas.getByRole('heading', { level: 2, name: registrationSteps[0] })).toBeVisible();
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillStepOne(canvas, 'battery-staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText(messages.passwordsDoNotMatch)).toBeVisible(), SLOW);
    await expect(canvas.getByRole('heading', { level: 2, name: registrationSteps[0] })).toBeVisible();
  },
};

/** The landing page's entry arrives as ?type=professional and is shown. */
export const ProfessionalEntry: Story = {
  parameters: { app: { url: '/register?type=professional', path: '/register' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Professional/Corporate' })).toBeChecked();
    await expect(canvas.getByText('Professional/Corporate', { selector: 'strong' })).toBeVisible();
  },
};

/** All three steps, Back keeps what was typed, and completing signs in and opens /dashboard. */
export const Completion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillStepOne(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    // Focus moves on the next frame, once the new step is on screen.
    await waitFor(() => expect(canvas.getByRole('heading', { level: 2, name: registrationSteps[1] })).toHaveFocus());
    await userEvent.type(canvas.getByLabelText(/^City/), 'London');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(canvas.getByLabelText(/^First name/)).toHaveValue('Ada');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByLabelText(/^City/)).toHaveValue('London');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('heading', { level: 2, name: registrationSteps[2] })).toBeVisible();
    for (const provider of [
      'An authentication provider',
      'An open-banking provider',
      'A wallet provider',
      'An e-signature provider',
    ]) {
      await expect(canvas.getByText(provider)).toBeVisible();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Complete Registration' }));
    await waitFor(() => expect(screen.getByText(messages.loginSuccess)).toBeVisible(), SLOW);
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent('Navigated to /dashboard');
  },
};

/** RequiredFields on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const RequiredFieldsPhone: Story = {
  ...RequiredFields,
  name: 'Required Fields — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
