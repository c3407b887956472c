import { lazy, Suspense } from 'react';
import type { BarsChartProps, TrendChartProps } from './charts';

/**
 * Charts loaded on first use: recharts is a separate chunk that only the dashboard and the
 * analytics pages fetch, never the till (/pos). A chart is a picture of the table beside it,
 * so it is hidden from screen readers, which read the table.
 */
const LazyTrendChart = lazy(() => import('./charts').then((module) => ({ default: module.TrendChart })));
const LazyBarsChart = lazy(() => import('./charts').then((module) => ({ default: module.BarsChart })));

function ChartBox({ height, children }: { height: number; children: React.ReactNode }) {
  return (
    <div aria-hidden="true" style={{ height }} className="w-full min-w-0">
      <Suspense fallback={<div className="size-full animate-pulse rounded-md bg-muted" />}>{children}</Suspense>
    </div>
  );
}

export function TrendChart(props: TrendChartProps) {
  const height = props.height ?? 260;
  return (
    <ChartBox height={height}>
      <LazyTrendChart {...props} height={height} />
    </ChartBox>
  );
}

export function BarsChart(props: BarsChartProps) {
  const height = props.height ?? 260;
  return (
    <ChartBox height={height}>
      <LazyBarsChart {...props} height={height} />
    </ChartBox>
  );
}

export type { BarsChartProps, TrendChartProps, TrendPoint } from './charts';
