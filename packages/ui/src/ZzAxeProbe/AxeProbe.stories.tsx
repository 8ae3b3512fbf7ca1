// TEMPORARY: proves the test-runner fails on axe violations in light and in dark. Delete after.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

const meta = { title: 'Zz/AxeProbe' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Dark grey text: fine on the light background, fails contrast on the dark one. */
export const FailsOnlyInDark: Story = {
  render: () => <p style={{ color: '#333' }}>Dark grey text on the theme background</p>,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Dark grey text/)).toBeVisible();
  },
};

/** An image without alternative text fails in both appearances. */
export const FailsInLight: Story = {
  render: () => <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width={10} height={10} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).not.toBeNull();
  },
};

export const Passes: Story = {
  render: () => <p>Plain text</p>,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Plain text')).toBeVisible();
  },
};
