import { lazy, Suspense, type ReactNode } from 'react';
import type { CountBarsProps, ForecastChartProps } from './forecast-charts';

/**
 * Charts loaded on first use: recharts is its own chunk, fetched by these pages only, never by
 * the till. A chart is a picture of the table beside it, so screen readers read the table.
 */
const LazyForecastChart = lazy(() => import('./forecast-charts').then((module) => ({ default: module.ForecastChart })));
const LazyCountBars = lazy(() => import('./forecast-charts').then((module) => ({ default: module.CountBars })));

function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div aria-hidden="true" style={{ height }} className="w-full min-w-0">
      <Suspense fallback={<div className="size-full animate-pulse rounded-md bg-muted" />}>{children}</Suspense>
    </div>
  );
}

export function ForecastChart(props: ForecastChartProps) {
  const height = props.height ?? 300;
  return (
    <ChartBox height={height}>
      <LazyForecastChart {...props} height={height} />
    </ChartBox>
  );
}

export function CountBars(props: CountBarsProps) {
  const height = props.height ?? 240;
  return (
    <ChartBox height={height}>
      <LazyCountBars {...props} height={height} />
    </ChartBox>
  );
}

export type { BandPoint } from './forecast-charts';
