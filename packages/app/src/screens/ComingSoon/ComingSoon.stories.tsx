import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type AppStoryParameters, expectNavigatedTo, sessionAs, withApp } from '../../test-support';
import ComingSoon from '.';

/** Every route flagged `comingSoon` in the route table shares this screen; its title follows the route. */
const meta = {
  title: 'Screens/ComingSoon',
  component: ComingSoon,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/support', session: sessionAs('investor'), shell: true } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof ComingSoon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Support: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(canvas.getByText('Coming soon')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to Dashboard' }));
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Another flagged route, another role: the heading is that route's title. */
export const Community: Story = {
  parameters: {
    app: { url: '/community', session: sessionAs('production_spv'), shell: true } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Support' })).toBeNull();
  },
};

/** Support on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const SupportPhone: Story = {
  ...Support,
  name: 'Support — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
