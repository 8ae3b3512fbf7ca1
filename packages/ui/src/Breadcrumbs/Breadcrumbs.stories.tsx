import type { Meta, StoryObj } from '@storybook/react-vite';
import { breadcrumbs } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Shell/Breadcrumbs',
  component: Breadcrumbs,
  args: { crumbs: breadcrumbs('/opportunities/solar-farm-kenya'), onNavigate: fn() },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A nested path: Home, then each segment title-cased with dashes as spaces; the last is current. */
export const NestedPath: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['Home', 'Opportunities', 'Solar Farm Kenya']);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/opportunities',
      '/opportunities/solar-farm-kenya',
    ]);
    await expect(links[2]).toHaveAttribute('aria-current', 'page');
    await expect(links[0]).not.toHaveAttribute('aria-current');
  },
};

/** The landing page: only Home, which is the current page. */
export const HomeOnly: Story = {
  args: { crumbs: breadcrumbs('/') },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(links[0]).toHaveTextContent('Home');
    await expect(links[0]).toHaveAttribute('aria-current', 'page');
  },
};

/** A deeper path, e.g. the KYC page: 'kyc-verification' reads 'Kyc Verification'. */
export const DashedSegment: Story = {
  args: { crumbs: breadcrumbs('/kyc-verification') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Kyc Verification' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** A plain click on a crumb hands the href to the app's router. */
export const ClickNavigates: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Opportunities' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities');
  },
};
