import { lazy, Suspense } from 'react';
import { LoadingSkeleton } from '../LoadingSkeleton';
import type { LineChartProps } from './LineChartView';

export type { LineChartPoint, LineChartProps } from './LineChartView';

// The drawing is its own chunk: only a screen that renders a chart fetches it (docs/decisions.md (26)).
const loadView = () => import('./LineChartView');
const LineChartView = /* @__PURE__ */ lazy(loadView);

/**
 * A value over time drawn as a line in SVG, with its table beside it: the picture is decorative, the
 * table says every point it shows (each date and figure), so screen readers and keyboard users read
 * the same facts. Points are spaced by time, from one to a few hundred. Hand-written, no chart
 * library; its drawing loads on first render.
 *
 * When to use: one figure over time (a portfolio's value by day).
 *
 * When not: figures that compare side by side (BarChart), or a single figure (StatCard).
 */
export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<LoadingSkeleton variant="text" count={2} label={`Loading ${props.title.toLowerCase()}…`} />}>
      <LineChartView {...props} />
    </Suspense>
  );
}
