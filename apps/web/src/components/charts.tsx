import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The charts of the dashboard and the analytics tabs (recharts). Only ever loaded through
 * `lazy-charts.tsx`, so recharts stays in its own chunk and never reaches the till's pages.
 */

export interface TrendPoint {
  label: string;
  value: number;
  comparison?: number | null;
}

export interface TrendChartProps {
  data: readonly TrendPoint[];
  valueName: string;
  comparisonName?: string | undefined;
  format: (value: number) => string;
  /** Short axis labels (money without decimals, say). */
  formatAxis?: ((value: number) => string) | undefined;
  /** Counts: whole-number ticks only. */
  whole?: boolean;
  height?: number;
}

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };

export function TrendChart({ data, valueName, comparisonName, format, formatAxis, whole = false, height = 260 }: TrendChartProps) {
  const showComparison = Boolean(comparisonName) && data.some((point) => point.comparison !== null && point.comparison !== undefined);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} allowDecimals={!whole} tickFormatter={(value: number) => (formatAxis ?? format)(value)} />
        <Tooltip formatter={(value) => format(Number(value))} contentStyle={{ borderRadius: 8, fontSize: 13 }} />
        {showComparison ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null}
        <Line type="monotone" dataKey="value" name={valueName} stroke="var(--chart-1, #2563eb)" strokeWidth={2} dot={data.length <= 31} isAnimationActive={false} />
        {showComparison ? (
          <Line
            type="monotone"
            dataKey="comparison"
            name={comparisonName}
            stroke="var(--chart-2, #94a3b8)"
            strokeWidth={2}
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface BarsChartProps {
  data: readonly { label: string; value: number }[];
  valueName: string;
  format: (value: number) => string;
  formatAxis?: ((value: number) => string) | undefined;
  /** Horizontal bars with the labels on the left (long names: products, categories). */
  horizontal?: boolean;
  /** Counts: whole-number ticks only. */
  whole?: boolean;
  height?: number;
}

export function BarsChart({ data, valueName, format, formatAxis, horizontal = false, whole = false, height = 260 }: BarsChartProps) {
  const tickFormatter = (value: number) => (formatAxis ?? format)(value);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart accessibilityLayer={false} data={[...data]} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} allowDecimals={!whole} tickFormatter={tickFormatter} />
            <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={110} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={4} />
            <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} allowDecimals={!whole} tickFormatter={tickFormatter} />
          </>
        )}
        <Tooltip formatter={(value) => format(Number(value))} contentStyle={{ borderRadius: 8, fontSize: 13 }} cursor={{ fill: 'var(--muted)' }} />
        <Bar dataKey="value" name={valueName} fill="var(--chart-1, #2563eb)" radius={4} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
