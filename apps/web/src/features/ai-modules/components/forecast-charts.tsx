import { Area, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The AI modules' charts (recharts). Only ever loaded through `lazy-charts.tsx`, so recharts
 * stays in its own chunk and never reaches the till (/pos).
 */

export interface BandPoint {
  label: string;
  actual?: number | null;
  forecast?: number | null;
  band80?: [number, number] | null;
  band95?: [number, number] | null;
  naive?: number | null;
}

export interface ForecastChartProps {
  data: readonly BandPoint[];
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  /** Show the seasonal-naive line (the backtest). */
  naive?: boolean;
  height?: number;
}

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };

function tooltipValue(format: (value: number) => string) {
  return (value: unknown) => (Array.isArray(value) ? `${format(Number(value[0]))} – ${format(Number(value[1]))}` : format(Number(value)));
}

/** Actual sales, the forecast, and its 80 % and 95 % intervals as shaded bands. */
export function ForecastChart({ data, format, formatAxis, naive = false, height = 300 }: ForecastChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} tickFormatter={(value: number) => formatAxis(value)} />
        <Tooltip formatter={tooltipValue(format)} contentStyle={{ borderRadius: 8, fontSize: 13 }} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Area type="monotone" dataKey="band95" name="95 % interval" stroke="none" fill="var(--chart-1, #2563eb)" fillOpacity={0.12} isAnimationActive={false} connectNulls={false} />
        <Area type="monotone" dataKey="band80" name="80 % interval" stroke="none" fill="var(--chart-1, #2563eb)" fillOpacity={0.22} isAnimationActive={false} connectNulls={false} />
        <Line type="monotone" dataKey="actual" name="Actual" stroke="var(--foreground, #0f172a)" strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
        <Line type="monotone" dataKey="forecast" name="Forecast" stroke="var(--chart-1, #2563eb)" strokeWidth={2} strokeDasharray="5 3" dot={false} isAnimationActive={false} connectNulls={false} />
        {naive ? (
          <Line type="monotone" dataKey="naive" name="Same weekday last week" stroke="var(--chart-2, #94a3b8)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
        ) : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export interface CountBarsProps {
  data: readonly { label: string; value: number }[];
  valueName: string;
  height?: number;
}

/** Whole-number bars (customers per gap between visits, say). */
export function CountBars({ data, valueName, height = 240 }: CountBarsProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart accessibilityLayer={false} data={[...data]} layout="vertical" margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
        <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={96} interval={0} />
        <Tooltip contentStyle={{ borderRadius: 8, fontSize: 13 }} />
        <Bar dataKey="value" name={valueName} fill="var(--chart-1, #2563eb)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
