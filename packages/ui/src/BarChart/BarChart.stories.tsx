import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BarChart } from './BarChart';

const meta = {
  title: 'Data display/BarChart',
  component: BarChart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Horizontal bars in SVG with their table: the table is the text equivalent of the picture.\n\n**When to use:** a handful of figures that compare (a portfolio by category).\n\n**When not:** a value over time (LineChart), or a single figure (StatCard).',
      },
    },
  },
  args: {
    title: 'Allocation by category',
    valueHeader: 'Value',
    detailHeader: 'Share',
    data: [
      { label: 'Renewable energy', value: 1_500_000, valueText: '€15,000', detailText: '60%' },
      { label: 'Clean water', value: 750_000, valueText: '€7,500', detailText: '30%' },
      { label: 'Education', value: 250_000, valueText: '€2,500', detailText: '10%' },
    ],
  },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each bar's length is to scale, and the table says every figure the bars show. */
export const Allocation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The drawing loads on first render.
    const figure = await canvas.findByRole('figure', { name: 'Allocation by category' }, { timeout: 5000 });
    const table = within(figure).getByRole('table', { name: 'Allocation by category' });
    const water = within(table).getByRole('row', { name: /Clean water/ });
    await expect(water).toHaveTextContent('€7,500');
    await expect(water).toHaveTextContent('30%');
    const bars = [...canvasElement.querySelectorAll('[data-testid="bar-chart-bars"] rect')];
    const widths = bars.map((bar) => Number(bar.getAttribute('width')));
    await expect(widths[0]).toBe(100);
    await expect(widths[1]).toBe(50);
    await expect(widths[2]).toBeCloseTo(16.67, 2);
  },
};

/** Without a second column, the table has two. */
export const ValueOnly: Story = {
  args: {
    title: 'Value by position',
    detailHeader: undefined,
    data: [
      { label: 'Groningen Solar Park II', value: 1_000_000, valueText: '€10,000' },
      { label: 'Kenya Clean Water Kiosks', value: 500_000, valueText: '€5,000' },
    ],
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Value by position' }, { timeout: 5000 });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Value']);
  },
};
