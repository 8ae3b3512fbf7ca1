import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDate, formatEuros } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { LineChart, type LineChartPoint } from './LineChart';

/** A point as the screen builds one: the day, the cents, and both as people read them. */
const point = (date: string, cents: number): LineChartPoint => ({
  date,
  value: cents,
  dateText: formatDate(date),
  valueText: formatEuros(cents),
});

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Three hundred daily points from 1 Jan 2026, rising with a wobble. */
const daily = Array.from({ length: 300 }, (_, index) =>
  point(
    new Date(dayOf('2026-01-01') + index * DAY).toISOString().slice(0, 10),
    1_000_000 + index * 1_500 + (index % 7) * 4_000,
  ),
);

/** What the drawing shows, read back from its SVG. */
function drawing(canvasElement: HTMLElement) {
  const circles = [...canvasElement.querySelectorAll('[data-testid="line-chart-points"] circle')].map((circle) => ({
    date: circle.getAttribute('data-date'),
    cx: Number(circle.getAttribute('cx')),
    cy: Number(circle.getAttribute('cy')),
  }));
  const gridYs = [...canvasElement.querySelectorAll('[data-testid="line-chart-grid"] line')].map((line) =>
    Number(line.getAttribute('y1')),
  );
  const baseline = canvasElement.querySelector('[data-testid="line-chart-grid"] line:last-child');
  const line = canvasElement.querySelector('[data-testid="line-chart-line"]');
  const vertices = (line?.getAttribute('points') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split(',').map(Number));
  return {
    circles,
    vertices,
    top: Math.min(...gridYs),
    bottom: Math.max(...gridYs),
    left: Number(baseline?.getAttribute('x1')),
    right: Number(baseline?.getAttribute('x2')),
    labels: [...canvasElement.querySelectorAll('[data-testid="line-chart-labels"] text')].map(
      (text) => text.textContent,
    ),
  };
}

/** The table's data rows as [date, value] texts. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

const meta = {
  title: 'Data display/LineChart',
  component: LineChart,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A value over time as a line in SVG, with its table: the table is the text equivalent of the picture. Points are spaced by time, from one to a few hundred; past 60 the dots are left out, and the table scrolls.\n\n**When to use:** one figure over time (the value of a portfolio by day).\n\n**When not:** figures that compare side by side (BarChart), or a single figure (StatCard).',
      },
    },
  },
  args: {
    title: 'Portfolio value',
    dateHeader: 'Date',
    valueHeader: 'Value',
    // Given out of date order on purpose: the chart sorts them.
    points: [
      point('2026-01-01', 1_000_000),
      point('2026-02-15', 1_015_000),
      point('2026-03-01', 1_250_000),
      point('2026-10-20', 1_525_000),
      point('2026-12-31', 1_490_000),
      point('2026-07-02', 1_280_000),
    ],
  },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Six points over a year, unevenly spaced: x is to scale in time, y from 0 to the highest value. */
export const ValueOverTime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The drawing loads on first render.
    const figure = await canvas.findByRole('figure', { name: 'Portfolio value' }, { timeout: 5000 });
    const table = within(figure).getByRole('table', { name: 'Portfolio value' });
    await expect(rowsOf(table)).toEqual([
      ['1 Jan 2026', '€10,000'],
      ['15 Feb 2026', '€10,150'],
      ['1 Mar 2026', '€12,500'],
      ['2 Jul 2026', '€12,800'],
      ['20 Oct 2026', '€15,250'],
      ['31 Dec 2026', '€14,900'],
    ]);
    const { circles, vertices, top, bottom, left, right, labels } = drawing(canvasElement);
    await expect(circles.map((c) => c.date)).toEqual([
      '2026-01-01',
      '2026-02-15',
      '2026-03-01',
      '2026-07-02',
      '2026-10-20',
      '2026-12-31',
    ]);
    await expect(vertices).toEqual(circles.map((c) => [c.cx, c.cy]));
    // x by time: the first and last days at the plot's edges, every other at its share of the year.
    await expect(circles[0]?.cx).toBe(left);
    await expect(circles[5]?.cx).toBe(right);
    const start = dayOf('2026-01-01');
    const span = dayOf('2026-12-31') - start;
    for (const circle of circles) {
      const share = (dayOf(circle.date ?? '') - start) / span;
      await expect(circle.cx).toBeCloseTo(left + share * (right - left), 1);
    }
    // 2 July is half-way through the span (182 of 364 days): half-way across.
    await expect(circles[3]?.cx).toBeCloseTo((left + right) / 2, 1);
    // Spaced by time, not by index: 1 Jan to 15 Feb is a wider gap than 15 Feb to 1 Mar.
    const [jan, feb, mar] = circles;
    await expect((feb?.cx ?? 0) - (jan?.cx ?? 0)).toBeGreaterThan(3 * ((mar?.cx ?? 0) - (feb?.cx ?? 0)));
    // y from 0 to the highest value: €15,250 at the top, €10,000 at 10,000/15,250 of the height.
    await expect(circles[4]?.cy).toBe(top);
    await expect(Math.min(...circles.map((c) => c.cy))).toBe(top);
    await expect(circles[0]?.cy).toBeCloseTo(bottom - (1_000_000 / 1_525_000) * (bottom - top), 1);
    await expect(labels).toEqual(['€15,250', '1 Jan 2026', '31 Dec 2026']);
    // A table this short fits its box: no scroll region, no extra tab stop.
    await expect(within(figure).queryByRole('group')).toBeNull();
  },
};

/** One point: in the middle, at the top, with one date under it. */
export const OnePoint: Story = {
  args: { points: [point('2026-12-07', 1_250_000)] },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Portfolio value' }, { timeout: 5000 });
    await expect(rowsOf(table)).toEqual([['7 Dec 2026', '€12,500']]);
    const { circles, top, left, right, labels } = drawing(canvasElement);
    await expect(circles).toHaveLength(1);
    await expect(circles[0]?.cx).toBe((left + right) / 2);
    await expect(circles[0]?.cy).toBe(top);
    await expect(labels).toEqual(['€12,500', '7 Dec 2026']);
  },
};

/** Every value 0: a flat line on the baseline, and no NaN from dividing by a zero maximum. */
export const AllZero: Story = {
  args: {
    points: [point('2026-01-01', 0), point('2026-04-01', 0), point('2026-09-01', 0)],
  },
  play: async ({ canvasElement }) => {
    const figure = await within(canvasElement).findByRole('figure', { name: 'Portfolio value' }, { timeout: 5000 });
    const table = within(figure).getByRole('table', { name: 'Portfolio value' });
    await expect(rowsOf(table).map(([, value]) => value)).toEqual(['€0', '€0', '€0']);
    const attributes = [...figure.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => `${element.tagName} ${attribute.name}="${attribute.value}"`),
    );
    await expect(attributes.filter((text) => /NaN|Infinity/.test(text))).toEqual([]);
    const { circles, bottom } = drawing(canvasElement);
    await expect(circles).toHaveLength(3);
    await expect(circles.map((c) => c.cy)).toEqual([bottom, bottom, bottom]);
    // Only the baseline: there is no highest value to draw a top line at.
    await expect(canvasElement.querySelectorAll('[data-testid="line-chart-grid"] line')).toHaveLength(1);
  },
};

/** An offering matured and paid out: the value drops to 0 on the last day. */
export const PaidOut: Story = {
  args: {
    points: [
      point('2026-01-01', 500_000),
      point('2026-06-01', 520_000),
      point('2026-11-30', 545_000),
      point('2026-12-01', 0),
    ],
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Portfolio value' }, { timeout: 5000 });
    await expect(rowsOf(table).at(-1)).toEqual(['1 Dec 2026', '€0']);
    const { circles, vertices, top, bottom, right } = drawing(canvasElement);
    await expect(circles[2]?.cy).toBe(top);
    await expect(circles[3]?.cy).toBe(bottom);
    await expect(circles[3]?.cx).toBe(right);
    // The line itself ends on the baseline.
    await expect(vertices.at(-1)).toEqual([right, bottom]);
  },
};

/** No points: the caption and a short text, no drawing and no table. */
export const Empty: Story = {
  args: { points: [] },
  play: async ({ canvasElement }) => {
    const figure = await within(canvasElement).findByRole('figure', { name: 'Portfolio value' }, { timeout: 5000 });
    await expect(within(figure).getByText('No values yet.')).toBeVisible();
    await expect(within(figure).queryByRole('table')).toBeNull();
    await expect(figure.querySelector('svg')).toBeNull();
  },
};

/** Three hundred daily points: the line without dots, and a table that scrolls by keyboard. */
export const ManyPoints: Story = {
  args: { title: 'Portfolio value by day', points: daily },
  play: async ({ canvasElement }) => {
    const figure = await within(canvasElement).findByRole(
      'figure',
      { name: 'Portfolio value by day' },
      { timeout: 5000 },
    );
    const { circles, vertices, left, right } = drawing(canvasElement);
    await expect(circles).toHaveLength(0);
    await expect(vertices).toHaveLength(300);
    await expect(vertices[0]?.[0]).toBe(left);
    await expect(vertices[299]?.[0]).toBe(right);
    const xs = vertices.map(([x]) => x ?? 0);
    await expect(xs.every((x, index) => index === 0 || x > (xs[index - 1] ?? 0))).toBe(true);
    const table = within(figure).getByRole('table', { name: 'Portfolio value by day' });
    await expect(within(table).getAllByRole('row')).toHaveLength(301);
    await expect(rowsOf(table)[299]).toEqual(['27 Oct 2026', '€14,685']);
    // The table is taller than its box: the box is a named keyboard stop, and the keys scroll it.
    const region = within(figure).getByRole('group', { name: 'Portfolio value by day' });
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await userEvent.tab();
    await expect(region).toHaveFocus();
  },
};
