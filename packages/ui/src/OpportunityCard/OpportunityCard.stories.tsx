import { Grid } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type Opportunity, sampleData } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OpportunityCard } from './OpportunityCard';

/** An open, audited opportunity: the sample the embedded backend serves (docs/decisions.md (13)). */
const solarPark = sampleData.opportunities.find((o) => o.id === 'solar-park-groningen');
if (!solarPark) throw new Error('sample opportunity solar-park-groningen is missing');

/** Closed, not audited, with a long description: a case of this story's own, not in the sample. */
const waterKenya: Opportunity = {
  id: 'clean-water-kisumu',
  name: 'Kisumu Clean Water Kiosks',
  category: 'Clean water',
  region: 'Africa',
  apy: '9.1%',
  minInvestment: '€1,000',
  term: '2 Years',
  ratings: 4.1,
  riskScore: 5,
  country: 'Kenya',
  audited: false,
  open: false,
  description:
    'Solar-powered water purification kiosks run by local entrepreneurs, repaid from pay-per-litre sales. A longer description that is clamped to three lines on the card so that the grid stays even, whatever the text.',
};

/** What a pointer at the middle of this element actually hits, as a person clicking there would. */
function hitAt(element: Element): Element {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit) throw new Error('nothing under the pointer');
  return hit;
}

const meta = {
  title: 'Data display/OpportunityCard',
  component: OpportunityCard,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "One opportunity of the list. The whole card is one real link to `/opportunities/{id}`; a plain click calls `onNavigate(href)` instead of loading the page.\n\n**When to use:** in grids of investment opportunities people browse and open.\n\n**When not:** for an opportunity's detail page or for tabular comparison (DataTable).",
      },
    },
  },
  decorators: [
    (Story, { parameters }) => (
      <div style={{ maxWidth: parameters.grid ? 760 : 360 }}>
        <Story />
      </div>
    ),
  ],
  args: { opportunity: solarPark, onNavigate: fn() },
} satisfies Meta<typeof OpportunityCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AuditedAndOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Groningen Solar Park II' });
    await expect(link).toHaveAttribute('href', '/opportunities/solar-park-groningen');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Groningen Solar Park II' })).toBeVisible();
    for (const text of ['Renewable energy', 'Netherlands', 'Audited', 'Open', '7.2%', '€5,000', '36 Months']) {
      await expect(canvas.getByText(text)).toBeVisible();
    }
    await expect(canvas.getByText(/48 MW solar park/)).toBeVisible();
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities/solar-park-groningen');
  },
};

export const NotAuditedAndClosed: Story = {
  args: { opportunity: waterKenya },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not audited')).toBeVisible();
    await expect(canvas.getByText('Closed')).toBeVisible();
    await expect(canvas.getByText('Kenya, Africa')).toBeVisible();
    await expect(canvas.getByText('9.1%')).toBeVisible();
    const link = canvas.getByRole('link', { name: 'Kisumu Clean Water Kiosks' });
    // Clicking anywhere on the card, here on its term, follows the one link.
    const underPointer = hitAt(canvas.getByText('2 Years'));
    await expect(underPointer).toBe(link);
    await userEvent.click(underPointer);
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities/clean-water-kisumu');
  },
};

export const KeyboardOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const link = canvas.getByRole('link', { name: 'Groningen Solar Park II' });
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities/solar-park-groningen');
  },
};

export const CustomHref: Story = {
  args: { href: '/opportunities/solar-park-groningen?from=list' },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Groningen Solar Park II' });
    await expect(link).toHaveAttribute('href', '/opportunities/solar-park-groningen?from=list');
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities/solar-park-groningen?from=list');
  },
};

/** Cards in the list's grid, each its own link. */
export const InAGrid: Story = {
  parameters: { grid: true },
  render: (args) => (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      <OpportunityCard {...args} opportunity={solarPark} />
      <OpportunityCard {...args} opportunity={waterKenya} />
    </Grid>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('link', { name: 'Kisumu Clean Water Kiosks' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/opportunities/clean-water-kisumu');
  },
};
