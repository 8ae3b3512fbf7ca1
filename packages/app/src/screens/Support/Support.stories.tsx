import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type AppStoryParameters, expectNavigatedTo, sessionAs, withApp } from '../../storybook';
import Support from '.';

/** The coming-soon routes share one screen; Support stands for all of them (SPEC.md 2). */
const meta = {
  title: 'Screens/ComingSoon (Support)',
  component: Support,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/support', session: sessionAs('investor'), shell: true } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Support>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(canvas.getByText('Coming soon')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to Dashboard' }));
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
