import type { Meta, StoryObj } from '@storybook/react-vite';
import { primaryNav } from '@vault/domain';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PrimaryNav } from './PrimaryNav';

const meta = {
  title: 'Shell/PrimaryNav',
  component: PrimaryNav,
  args: { currentPath: '/dashboard', onNavigate: fn() },
} satisfies Meta<typeof PrimaryNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Everyone's seven links, in docs/product.md's order; the current page is marked. */
export const OnDashboard: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Primary' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Opportunities',
      'Placements',
      'Wallet',
      'Documents',
      'Community',
      'Support',
    ]);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(primaryNav.map((item) => item.href));
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    await expect(current.map((link) => link.textContent)).toEqual(['Dashboard']);
  },
};

/** A detail page marks its section: /opportunities/42 is under Opportunities. */
export const OnOpportunityDetail: Story = {
  args: { currentPath: '/opportunities/42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Opportunities' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  },
};

/** A page outside the navigation (e.g. /settings) marks nothing. */
export const OnPageOutsideNav: Story = {
  args: { currentPath: '/settings' },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  },
};

/** A plain click hands the href to the app's router instead of loading the page. */
export const ClickNavigates: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Wallet' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/wallet');
  },
};

/** On a small screen the links stay on one row that scrolls sideways. */
export const SmallScreen: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    const nav = within(canvasElement).getByRole('navigation');
    // At the start, links are hidden past the end only: that end fades.
    await waitFor(() => expect(nav).toHaveAttribute('data-more-end', 'true'));
    await expect(nav).not.toHaveAttribute('data-more-start');
    await expect(getComputedStyle(list).maskImage).toContain('linear-gradient');
    const links = within(list).getAllByRole('link');
    const rowTops = new Set(links.map((link) => link.getBoundingClientRect().top));
    await expect(rowTops.size).toBe(1);
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    await expect(getComputedStyle(list).overflowX).toBe('auto');
    // Tabbing to the last link scrolls it into view.
    const last = links.at(-1);
    if (!last) throw new Error('no links');
    last.focus();
    await expect(list.scrollLeft).toBeGreaterThan(0);
  },
};

/** On a phone, the current tab (here the sixth) is scrolled into view, and both ends fade. */
export const SmallScreenCurrentInView: Story = {
  args: { currentPath: '/community' },
  decorators: SmallScreen.decorators,
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    const current = within(list).getByRole('link', { name: 'Community' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await waitFor(() => {
      const box = list.getBoundingClientRect();
      const tab = current.getBoundingClientRect();
      expect(tab.left).toBeGreaterThanOrEqual(box.left);
      expect(tab.right).toBeLessThanOrEqual(box.right);
    });
    await expect(list.scrollLeft).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(canvasElement).getByRole('navigation')).toHaveAttribute('data-more-start', 'true'),
    );
  },
};
