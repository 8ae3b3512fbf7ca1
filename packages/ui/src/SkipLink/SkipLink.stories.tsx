import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SkipLink } from './SkipLink';

const meta = {
  title: 'Shell/SkipLink',
  component: SkipLink,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', minHeight: 240 }}>
        <Story />
        <nav aria-label="Example">
          <a href="#example">A header link the skip link jumps over</a>
        </nav>
        <main id="main-content" tabIndex={-1} style={{ padding: 16 }}>
          <h1>Main content</h1>
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first Tab reveals the link; activating it puts focus on the main content. */
export const KeyboardSkip: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Skip to content' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/** The link text can be changed, e.g. for a translated page. */
export const CustomLabel: Story = {
  args: { children: 'Skip to main content' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  },
};
