import { type BarChartProps, LoadingSkeleton } from '@vault/ui';
import { lazy, Suspense } from 'react';

const BarChart = lazy(() => import('./barChartModule'));

/**
 * The design system's BarChart, fetched when a screen first draws one, so the chart adds nothing
 * to any other screen's JavaScript (vite.config.ts keeps it out of the screens' shared chunk).
 */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<LoadingSkeleton variant="text" count={2} label={`Loading ${props.title.toLowerCase()}…`} />}>
      <BarChart {...props} />
    </Suspense>
  );
}
