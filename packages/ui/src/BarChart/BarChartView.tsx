import { Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { cx, type RootProps } from '../internal/props';

/** One bar: its label, its figure (drawn to scale) and the words a person reads for it. */
export interface BarChartDatum {
  label: string;
  /** The figure the bar is drawn from (e.g. cents); negative values draw as empty bars. */
  value: number;
  /** The figure as people read it, e.g. '€12,500'. */
  valueText: string;
  /** An optional second reading, e.g. a share '42.5%'. */
  detailText?: string;
}

/** Own props, plus every native prop of the root `<figure>` (className, style, id, data-*, aria-*, ref). */
export interface BarChartProps extends RootProps<'figure', 'children'> {
  /** The chart's title, shown as its caption and naming the chart and its table. */
  title: string;
  data: readonly BarChartDatum[];
  /** The header of the figure's column in the table equivalent, e.g. 'Value'. */
  valueHeader: string;
  /** The header of the second column, when the data has `detailText`. */
  detailHeader?: string;
  className?: string;
}

/** Radix colour steps that read in light and dark alike; a bar's label says what it is, not its colour. */
const palette = [
  'var(--indigo-9)',
  'var(--teal-9)',
  'var(--amber-9)',
  'var(--crimson-9)',
  'var(--grass-9)',
  'var(--gray-9)',
];

const BAR_HEIGHT = 14;
const GAP = 10;

/**
 * Horizontal bars drawn in SVG, with their table beside them: the picture is decorative, the table
 * says everything it shows (each label, figure and share), so screen readers and keyboard users
 * read the same facts. Hand-written: no chart library, a few hundred bytes.
 *
 * When to use: a handful of figures that compare (a portfolio by category, value by position).
 *
 * When not: a value over time (LineChart), or a single figure (StatCard).
 */
export default function BarChartView({
  title,
  data,
  valueHeader,
  detailHeader,
  className,
  style,
  ...rest
}: BarChartProps) {
  const captionId = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const height = data.length * (BAR_HEIGHT + GAP);
  return (
    <figure
      aria-labelledby={captionId}
      {...rest}
      className={cx('vault-BarChart', className)}
      style={{ margin: 0, display: 'grid', gap: 'var(--space-3)', ...style }}
    >
      <Text id={captionId} size="3" weight="bold" asChild>
        <figcaption>{title}</figcaption>
      </Text>
      <svg
        aria-hidden="true"
        focusable="false"
        width="100%"
        height={height}
        viewBox={`0 0 100 ${height}`}
        preserveAspectRatio="none"
        data-testid="bar-chart-bars"
      >
        {data.map((d, index) => {
          const width = max > 0 ? (Math.max(d.value, 0) / max) * 100 : 0;
          return (
            <rect
              key={d.label}
              x={0}
              y={index * (BAR_HEIGHT + GAP)}
              width={width}
              height={BAR_HEIGHT}
              rx={2}
              fill={palette[index % palette.length]}
              data-label={d.label}
            />
          );
        })}
      </svg>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {title}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left' }}>
              <Text size="1" color="gray">
                Name
              </Text>
            </th>
            <th scope="col" style={{ textAlign: 'right' }}>
              <Text size="1" color="gray">
                {valueHeader}
              </Text>
            </th>
            {detailHeader ? (
              <th scope="col" style={{ textAlign: 'right' }}>
                <Text size="1" color="gray">
                  {detailHeader}
                </Text>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {data.map((d, index) => (
            <tr key={d.label}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal' }}>
                <Flex align="center" gap="2">
                  <span
                    aria-hidden="true"
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      flex: 'none',
                      background: palette[index % palette.length],
                    }}
                  />
                  <Text size="2">{d.label}</Text>
                </Flex>
              </th>
              <td style={{ textAlign: 'right' }}>
                <Text size="2">{d.valueText}</Text>
              </td>
              {detailHeader ? (
                <td style={{ textAlign: 'right' }}>
                  <Text size="2">{d.detailText ?? ''}</Text>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
