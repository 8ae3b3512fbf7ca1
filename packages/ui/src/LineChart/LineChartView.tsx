import { Text } from '@radix-ui/themes';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { cx, type RootProps } from '../internal/props';

/** One point of the series: where it sits in time, its figure, and the words a person reads for both. */
export interface LineChartPoint {
  /** Where the point sits on the x axis: 'YYYY-MM-DD' (UTC day). Points are drawn in date order, spaced by time, not by index. */
  date: string;
  /** The figure drawn (e.g. cents). */
  value: number;
  /** The date as people read it, e.g. '7 Dec 2026' (the table's first column). */
  dateText: string;
  /** The figure as people read it, e.g. '€12,500' (the table's second column). */
  valueText: string;
}

/** Own props, plus every native prop of the root `<figure>` (className, style, id, data-*, aria-*, ref). */
export interface LineChartProps extends RootProps<'figure', 'children'> {
  /** The chart's title, shown as its caption and naming the chart and its table. */
  title: string;
  points: readonly LineChartPoint[];
  /** The header of the date column, e.g. 'Date'. */
  dateHeader: string;
  /** The header of the value column, e.g. 'Value'. */
  valueHeader: string;
  className?: string;
}

// The drawing's own units: it scales to the figure's width and keeps its proportions.
const WIDTH = 600;
const HEIGHT = 200;
const LEFT = 8;
const RIGHT = WIDTH - 8;
const TOP = 28;
const BOTTOM = HEIGHT - 28;
/** Past this many points a dot per point would only blur the line. */
const MAX_DOTS = 60;

const LINE = 'var(--indigo-9)';
const GRID = 'var(--gray-a6)';
const LABEL = 'var(--gray-11)';

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Two decimals are finer than a pixel at any width, and keep the attributes short. */
const round = (n: number) => Math.round(n * 100) / 100;

/** Midnight UTC of a 'YYYY-MM-DD' day in ms; NaN when the text is no such day. */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN);

interface Placed {
  point: LineChartPoint;
  time: number;
  /** The date, and which of that day's points this is: unique, and the same from render to render. */
  key: string;
}

/** Every point in date order (a day that cannot be read goes last, in the order given). */
function inDateOrder(points: readonly LineChartPoint[]): Placed[] {
  const order = (placed: Placed) => (Number.isFinite(placed.time) ? placed.time : Number.POSITIVE_INFINITY);
  const seen = new Map<string, number>();
  return points
    .map((point) => {
      const nth = seen.get(point.date) ?? 0;
      seen.set(point.date, nth + 1);
      return { point, time: dayOf(point.date), key: `${point.date}#${nth}` };
    })
    .sort((a, b) => (order(a) === order(b) ? 0 : order(a) < order(b) ? -1 : 1));
}

/**
 * The line, its dots and its labels. y runs from 0 (the baseline) to the highest value (the top of
 * the plot); a value below 0 sits on the baseline. x runs by time from the first day to the last;
 * when they are the same day, the points sit in the middle.
 */
function Drawing({ placed }: { placed: readonly Placed[] }) {
  const first = placed[0];
  const last = placed[placed.length - 1];
  if (!first || !last) return null;
  const start = first.time;
  const span = last.time - start;
  const max = placed.reduce((highest, { point }) => Math.max(highest, point.value), 0);
  const x = (time: number) => round(span > 0 ? LEFT + ((time - start) / span) * (RIGHT - LEFT) : (LEFT + RIGHT) / 2);
  const y = (value: number) => round(max > 0 ? BOTTOM - (Math.max(value, 0) / max) * (BOTTOM - TOP) : BOTTOM);
  const highest = placed.find(({ point }) => point.value === max) ?? first;
  const coordinates = placed.map(({ point, time, key }) => ({ point, key, cx: x(time), cy: y(point.value) }));
  const text = { fill: LABEL, fontSize: 11 } as const;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="100%"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      style={{ display: 'block' }}
      data-testid="line-chart"
    >
      <g data-testid="line-chart-grid" stroke={GRID} strokeWidth={1}>
        {max > 0 ? <line x1={LEFT} x2={RIGHT} y1={TOP} y2={TOP} vectorEffect="non-scaling-stroke" /> : null}
        <line x1={LEFT} x2={RIGHT} y1={BOTTOM} y2={BOTTOM} vectorEffect="non-scaling-stroke" />
      </g>
      <polyline
        data-testid="line-chart-line"
        points={coordinates.map(({ cx, cy }) => `${cx},${cy}`).join(' ')}
        fill="none"
        stroke={LINE}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
      <g data-testid="line-chart-points" fill={LINE}>
        {coordinates.length <= MAX_DOTS
          ? coordinates.map(({ point, key, cx, cy }) => (
              <circle key={key} cx={cx} cy={cy} r={3.5} data-date={point.date} />
            ))
          : null}
      </g>
      <g data-testid="line-chart-labels" {...text}>
        <text x={LEFT} y={y(max) - 8}>
          {highest.point.valueText}
        </text>
        {span > 0 ? (
          <>
            <text x={LEFT} y={HEIGHT - 8}>
              {first.point.dateText}
            </text>
            <text x={RIGHT} y={HEIGHT - 8} textAnchor="end">
              {last.point.dateText}
            </text>
          </>
        ) : (
          <text x={(LEFT + RIGHT) / 2} y={HEIGHT - 8} textAnchor="middle">
            {first.point.dateText}
          </text>
        )}
      </g>
    </svg>
  );
}

/**
 * Whether the box's content is taller than the box. While it is, the box is a keyboard stop (WCAG
 * 2.1.1, axe's scrollable-region-focusable); a table that fits adds no tab stop.
 */
function useScrolls(box: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => setScrolls(element.scrollHeight > element.clientHeight);
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

/** The text equivalent: every point, oldest first, as the line reads; it scrolls past 20rem. */
function ValueTable({
  title,
  placed,
  dateHeader,
  valueHeader,
}: {
  title: string;
  placed: readonly Placed[];
  dateHeader: string;
  valueHeader: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // A named, focusable group while it scrolls (not a region: the screen's section around the chart
  // may well have the same name, and two landmarks may not), as DataTable does.
  const scrollable = useScrolls(box) ? ({ role: 'group', 'aria-label': title, tabIndex: 0 } as const) : undefined;
  return (
    <div ref={box} {...scrollable} style={{ maxHeight: '20rem', overflowY: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={hidden}>{title}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left' }}>
              <Text size="1" color="gray">
                {dateHeader}
              </Text>
            </th>
            <th scope="col" style={{ textAlign: 'right' }}>
              <Text size="1" color="gray">
                {valueHeader}
              </Text>
            </th>
          </tr>
        </thead>
        <tbody>
          {placed.map(({ point, key }) => (
            <tr key={key}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal' }}>
                <Text size="2">{point.dateText}</Text>
              </th>
              <td style={{ textAlign: 'right' }}>
                <Text size="2">{point.valueText}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A value over time drawn as a line in SVG, with its table beside it: the picture is decorative, the
 * table says every point it shows (each date and figure), so screen readers and keyboard users read
 * the same facts. Hand-written: no chart library.
 *
 * When to use: one figure over time (a portfolio's value by day), from one point to a few hundred.
 *
 * When not: figures that compare side by side (BarChart), or a single figure (StatCard).
 */
export default function LineChartView({
  title,
  points,
  dateHeader,
  valueHeader,
  className,
  style,
  ...rest
}: LineChartProps) {
  const captionId = useId();
  const placed = inDateOrder(points);
  // A point whose day or figure cannot be drawn stays in the table only.
  const drawn = placed.filter(({ point, time }) => Number.isFinite(time) && Number.isFinite(point.value));
  return (
    <figure
      aria-labelledby={captionId}
      {...rest}
      className={cx('vault-LineChart', className)}
      style={{ margin: 0, display: 'grid', gap: 'var(--space-3)', ...style }}
    >
      <Text id={captionId} size="3" weight="bold" asChild>
        <figcaption>{title}</figcaption>
      </Text>
      {placed.length === 0 ? (
        <Text as="p" size="2" color="gray" m="0">
          No values yet.
        </Text>
      ) : (
        <>
          <Drawing placed={drawn} />
          <ValueTable title={title} placed={placed} dateHeader={dateHeader} valueHeader={valueHeader} />
        </>
      )}
    </figure>
  );
}
