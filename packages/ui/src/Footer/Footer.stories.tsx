import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: { onNavigate: fn(), onUnavailable: fn() },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The copyright line (2025) and the four links of docs/product.md, in order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2025 Vault');
    const nav = canvas.getByRole('navigation', { name: 'Footer' });
    const items = within(nav).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Need Help?',
      'Investment Disclaimer (coming soon)',
      'Privacy Policy (coming soon)',
      'Terms and Conditions (coming soon)',
    ]);
    await expect(canvas.getByRole('link', { name: 'Need Help?' })).toHaveAttribute('href', '/support');
  },
};

/** Need Help? is a real link to /support that the app's router can take over. */
export const NeedHelpNavigates: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Need Help?' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/support');
  },
};

/** Placeholders are reachable by keyboard, say they are not available yet, and lead nowhere. */
export const PlaceholdersSayComingSoon: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Investment Disclaimer', 'Privacy Policy', 'Terms and Conditions']) {
      const placeholder = canvas.getByRole('button', { name: `${name} (coming soon)` });
      await expect(placeholder).toHaveAttribute('aria-disabled', 'true');
    }
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Need Help?' })).toHaveFocus();
    await userEvent.tab();
    const disclaimer = canvas.getByRole('button', { name: 'Investment Disclaimer (coming soon)' });
    await expect(disclaimer).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onUnavailable).toHaveBeenCalledWith('Investment Disclaimer');
    // Focus moves on: a placeholder is not a trap.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Privacy Policy (coming soon)' })).toHaveFocus();
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};
