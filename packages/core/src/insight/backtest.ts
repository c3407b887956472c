/**
 * Rolling-origin backtest of the sales model on the business's own history.
 *
 * For each of the last `weeks` weeks, the model is refitted on everything before that week and
 * forecasts `horizonDays` days from there (7 by default: the held-out week). Accuracy is reported
 * over every held-out day the shop was open:
 * - MAPE (%): mean |actual − forecast| / actual, skipping days whose actual is 0 (counted);
 * - MASE: mean |actual − forecast| divided by the in-sample mean absolute error of the
 *   seasonal-naive forecast (same weekday last week) on each fold's training data: below 1 the
 *   model beats "same as last week" as measured on the history it was fitted to;
 * - the same MAE and MAPE of the seasonal-naive forecast over the same held-out days, for a
 *   like-for-like comparison, and how often the 80 % and 95 % intervals contained the actual.
 */
import { formatDay, InsightInputError } from './dates.ts';
import { checkHorizon, closedDaySet, fitSalesModel, predictSales, SALES_HISTORY_DAYS } from './sales-forecast.ts';
import { checkSeries, type DailySeries, detectOpenDays } from './series.ts';

export interface BacktestOptions {
  /** Held-out weeks (folds), default 8, at most 52. */
  weeks?: number;
  /** Days each fold forecasts, default 7; longer horizons overlap the following folds. */
  horizonDays?: number;
  closedDates?: readonly string[];
}

export interface AccuracySummary {
  /** Open held-out days compared. */
  days: number;
  /** null when every actual was 0. */
  mape: number | null;
  /** Days left out of MAPE because the actual was 0. */
  zeroActualsSkipped: number;
  /** null when the seasonal-naive scale is 0 (a perfectly repeating history). */
  mase: number | null;
  mae: number;
  seasonalNaiveMae: number;
  seasonalNaiveMape: number | null;
  /** Share of days inside the 80 % / 95 % interval. */
  coverage80: number;
  coverage95: number;
}

export interface BacktestPoint {
  date: string;
  /** The day the fold's model was fitted up to (exclusive): the forecast origin. */
  origin: string;
  actual: number;
  forecast: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
  /** Same weekday in the last week before the origin. */
  seasonalNaive: number;
  /** False for days the shop was closed: shown, but not scored. */
  scored: boolean;
}

export interface SalesBacktest {
  status: 'ok' | 'insufficient_history';
  weeks: number;
  horizonDays: number;
  overall: AccuracySummary | null;
  /** Accuracy by lead time: days 1–7, 8–14, … (only more than one entry when horizonDays > 7). */
  byLeadWeek: AccuracySummary[];
  /** One point per held-out day, from the latest origin before it (the chart of forecast against actual). */
  points: BacktestPoint[];
}

interface Scored {
  actual: number;
  forecast: number;
  naive: number;
  scale: number;
  in80: boolean;
  in95: boolean;
}

function summarise(rows: readonly Scored[]): AccuracySummary {
  let absSum = 0;
  let naiveAbsSum = 0;
  let apeSum = 0;
  let naiveApeSum = 0;
  let apeCount = 0;
  let scaledSum = 0;
  let scaledCount = 0;
  let in80 = 0;
  let in95 = 0;
  for (const row of rows) {
    const error = Math.abs(row.actual - row.forecast);
    const naiveError = Math.abs(row.actual - row.naive);
    absSum += error;
    naiveAbsSum += naiveError;
    if (row.actual !== 0) {
      apeSum += error / Math.abs(row.actual);
      naiveApeSum += naiveError / Math.abs(row.actual);
      apeCount += 1;
    }
    if (row.scale > 0) {
      scaledSum += error / row.scale;
      scaledCount += 1;
    }
    if (row.in80) in80 += 1;
    if (row.in95) in95 += 1;
  }
  const n = rows.length;
  return {
    days: n,
    mape: apeCount > 0 ? (100 * apeSum) / apeCount : null,
    zeroActualsSkipped: n - apeCount,
    mase: scaledCount > 0 ? scaledSum / scaledCount : null,
    mae: n > 0 ? absSum / n : 0,
    seasonalNaiveMae: n > 0 ? naiveAbsSum / n : 0,
    seasonalNaiveMape: apeCount > 0 ? (100 * naiveApeSum) / apeCount : null,
    coverage80: n > 0 ? in80 / n : 0,
    coverage95: n > 0 ? in95 / n : 0,
  };
}

/** Mean absolute lag-7 difference over training days where both days were open. */
function seasonalNaiveScale(values: readonly number[], open: Uint8Array, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let t = Math.max(from + 7, 7); t < to; t += 1) {
    if (!open[t] || !open[t - 7]) continue;
    sum += Math.abs((values[t] as number) - (values[t - 7] as number));
    count += 1;
  }
  return count > 0 ? sum / count : 0;
}

export function backtestSales(series: DailySeries, options: BacktestOptions = {}): SalesBacktest {
  const weeks = options.weeks ?? 8;
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) throw new InsightInputError('weeks must be a whole number from 1 to 52');
  const horizon = checkHorizon(options.horizonDays, 7);
  const startDay = checkSeries(series);
  const knownClosed = closedDaySet(options.closedDates);
  const values = series.values.map((v) => Math.max(0, v));
  const n = values.length;
  const firstSale = values.findIndex((v) => v > 0);
  const empty: SalesBacktest = { status: 'insufficient_history', weeks, horizonDays: horizon, overall: null, byLeadWeek: [], points: [] };
  if (firstSale < 0) return empty;
  // Which days count is decided on the whole history, the same way the model decides it.
  const open = new Uint8Array(n);
  open.set(detectOpenDays(values.slice(firstSale), startDay + firstSale, knownClosed).open, firstSale);

  const rows: Scored[] = [];
  const byLead = new Map<number, Scored[]>();
  const points = new Map<number, BacktestPoint>();
  for (let fold = 0; fold < weeks; fold += 1) {
    const origin = n - 7 * (weeks - fold);
    if (origin - firstSale < SALES_HISTORY_DAYS.weekly) continue;
    const model = fitSalesModel(values.slice(0, origin), startDay, knownClosed);
    if (!model) continue;
    const length = Math.min(horizon, n - origin);
    const forecast = predictSales(model, length, knownClosed);
    const scale = seasonalNaiveScale(values, open, firstSale, origin);
    forecast.forEach((point, lead) => {
      const t = origin + lead;
      const actual = values[t] as number;
      const naive = values[origin - 7 + (lead % 7)] as number;
      const scored = open[t] === 1;
      points.set(t, { date: point.date, origin: formatDay(startDay + origin), actual, forecast: point.forecast, lower80: point.lower80, upper80: point.upper80, lower95: point.lower95, upper95: point.upper95, seasonalNaive: naive, scored });
      if (!scored) return;
      const row: Scored = {
        actual,
        forecast: point.forecast,
        naive,
        scale,
        in80: actual >= point.lower80 && actual <= point.upper80,
        in95: actual >= point.lower95 && actual <= point.upper95,
      };
      rows.push(row);
      const leadWeek = Math.floor(lead / 7);
      const bucket = byLead.get(leadWeek) ?? [];
      bucket.push(row);
      byLead.set(leadWeek, bucket);
    });
  }
  if (rows.length === 0) return empty;
  return {
    status: 'ok',
    weeks,
    horizonDays: horizon,
    overall: summarise(rows),
    byLeadWeek: [...byLead.keys()].sort((a, b) => a - b).map((k) => summarise(byLead.get(k) as Scored[])),
    points: [...points.entries()].sort((a, b) => a[0] - b[0]).map(([, point]) => point),
  };
}
