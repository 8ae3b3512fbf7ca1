import { lazy, Suspense } from 'react';
import { LoadingSkeleton } from '../LoadingSkeleton';
import type { BarChartProps } from './BarChartView';

export type { BarChartDatum, BarChartProps } from './BarChartView';

// The drawing is its own chunk: only a screen that renders a chart fetches it (docs/decisions.md (26)).
const loadView = () => import('./BarChartView');
const BarChartView = /* @__PURE__ */ lazy(loadView);

/**
 * Horizontal bars drawn in SVG, with their table beside them: the picture is decorative, the table
 * says everything it shows (each label, figure and share), so screen readers and keyboard users
 * read the same facts. Hand-written, no chart library; its drawing loads on first render.
 *
 * When to use: a handful of figures that compare (a portfolio by category, value by position).
 *
 * When not: a value over time (LineChart), or a single figure (StatCard).
 */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<LoadingSkeleton variant="text" count={2} label={`Loading ${props.title.toLowerCase()}…`} />}>
      <BarChartView {...props} />
    </Suspense>
  );
}
