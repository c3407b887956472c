/**
 * Daily net sales for the coming weeks with 80 % and 95 % prediction intervals.
 *
 * Model: Holt–Winters exponential smoothing with a weekly season (additive or multiplicative,
 * with or without a damped trend, chosen by AIC — see ets.ts); given a year of history, a yearly
 * Fourier pattern (yearly.ts) is taken out first and put back on the forecast. Closed weekdays
 * and closure days are not observations and closed weekdays are forecast as 0. Forecasts and
 * interval bounds are never negative.
 */
import { dayNumber, formatDay, InsightInputError, isoWeekday } from './dates.ts';
import { type EtsFit, forecastEts, selectEts, type Seasonality } from './ets.ts';
import { checkSeries, type DailySeries, detectOpenDays } from './series.ts';
import { fitYearly, type YearlyComponent, yearlyEffect } from './yearly.ts';

/** What "enough history" means for the sales model. */
export const SALES_HISTORY_DAYS = {
  /** Days from the first sale before the weekly model runs. */
  weekly: 28,
  /** Days from the first sale before a yearly pattern is considered. */
  yearly: 365,
} as const;

export const MAX_HORIZON_DAYS = 366;
export const DEFAULT_HORIZON_DAYS = 28;

export interface SalesForecastOptions {
  /** Days to forecast after the last day of the series (default 28, at most 366). */
  horizonDays?: number;
  /** Days the business was or will be closed ('YYYY-MM-DD'): not observations; forecast as 0. */
  closedDates?: readonly string[];
}

export interface SalesHistory {
  /** Days from the first day with sales to the last day of the series. */
  days: number;
  firstSaleDate: string | null;
  lastDate: string;
  /** At least SALES_HISTORY_DAYS.weekly days: a forecast is made. */
  enough: boolean;
  /** At least SALES_HISTORY_DAYS.yearly days: a yearly pattern is considered. */
  yearlyEligible: boolean;
  requiredDays: number;
  yearlyRequiredDays: number;
}

export interface SalesForecastPoint {
  date: string;
  forecast: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

export interface SalesModelSummary {
  method: 'holt_winters';
  seasonality: Seasonality;
  trend: 'none' | 'damped';
  /** Fourier harmonics of the yearly pattern in use (0: none). */
  yearlyHarmonics: number;
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
  /** ISO weekdays forecast as closed (1 = Monday). */
  closedWeekdays: number[];
  /** Past days treated as closures (not observations). */
  closureDays: number;
  aic: number;
}

export interface SalesForecast {
  /** no_recent_sales: enough history, but no weekday has traded lately (6 of its last 8 weeks empty): forecast 0. */
  status: 'ok' | 'insufficient_history' | 'no_recent_sales';
  history: SalesHistory;
  model: SalesModelSummary | null;
  points: SalesForecastPoint[];
}

/** A fitted model, kept internal between fitting and forecasting (the backtest reuses it). */
export interface FittedSalesModel {
  /** Day number of the first modelled day (the first day with sales). */
  startDay: number;
  length: number;
  ets: EtsFit;
  yearly: YearlyComponent | null;
  closedWeekdays: number[];
  closureDays: number;
  /** Observation mask over the modelled days. */
  open: Uint8Array;
}

export function assessSalesHistory(series: DailySeries): SalesHistory {
  const start = checkSeries(series);
  const firstSale = series.values.findIndex((v) => v > 0);
  const lastDay = start + series.values.length - 1;
  const days = firstSale < 0 ? 0 : series.values.length - firstSale;
  return {
    days,
    firstSaleDate: firstSale < 0 ? null : formatDay(start + firstSale),
    lastDate: formatDay(lastDay),
    enough: days >= SALES_HISTORY_DAYS.weekly,
    yearlyEligible: days >= SALES_HISTORY_DAYS.yearly,
    requiredDays: SALES_HISTORY_DAYS.weekly,
    yearlyRequiredDays: SALES_HISTORY_DAYS.yearly,
  };
}

function closedDaySet(closedDates: readonly string[] | undefined): Set<number> {
  return new Set((closedDates ?? []).map(dayNumber));
}

/** Fits the model to a series' values from its first sale on; null when there is too little history. */
export function fitSalesModel(values: readonly number[], seriesStartDay: number, knownClosed: ReadonlySet<number>): FittedSalesModel | null {
  const firstSale = values.findIndex((v) => v > 0);
  if (firstSale < 0 || values.length - firstSale < SALES_HISTORY_DAYS.weekly) return null;
  const startDay = seriesStartDay + firstSale;
  // A refund-heavy day can be negative; sales are modelled as non-negative.
  const y = Float64Array.from(values.slice(firstSale), (v) => Math.max(0, v));
  const { open, closedWeekdays, closures } = detectOpenDays(Array.from(y), startDay, knownClosed);

  const yearly = y.length >= SALES_HISTORY_DAYS.yearly ? fitYearly(y, open, startDay) : null;
  const adjusted = yearly ? y.map((v, t) => (yearly.multiplicative ? v / yearlyEffect(yearly, startDay + t) : v - yearlyEffect(yearly, startDay + t))) : y;
  const ets = selectEts(adjusted, open);
  if (!ets) return null;
  return { startDay, length: y.length, ets, yearly, closedWeekdays, closureDays: closures, open };
}

/** Forecast points for the `horizon` days after the fitted history. */
export function predictSales(model: FittedSalesModel, horizon: number, knownClosed: ReadonlySet<number>): SalesForecastPoint[] {
  const closedWeekdays = new Set(model.closedWeekdays);
  const raw = forecastEts(model.ets, horizon);
  return raw.map((point, i) => {
    const day = model.startDay + model.length + i;
    const date = formatDay(day);
    if (knownClosed.has(day) || closedWeekdays.has(isoWeekday(day))) {
      return { date, forecast: 0, lower80: 0, upper80: 0, lower95: 0, upper95: 0 };
    }
    let { mean, lower80, upper80, lower95, upper95 } = point;
    if (model.yearly) {
      const effect = yearlyEffect(model.yearly, day);
      const apply = (v: number) => (model.yearly?.multiplicative ? v * effect : v + effect);
      [mean, lower80, upper80, lower95, upper95] = [apply(mean), apply(lower80), apply(upper80), apply(lower95), apply(upper95)];
    }
    const whole = (v: number) => Math.max(0, Math.round(v));
    return { date, forecast: whole(mean), lower80: whole(lower80), upper80: whole(upper80), lower95: whole(lower95), upper95: whole(upper95) };
  });
}

function summarise(model: FittedSalesModel): SalesModelSummary {
  const { params, spec, aic } = model.ets;
  return {
    method: 'holt_winters',
    seasonality: spec.seasonality,
    trend: spec.trend ? 'damped' : 'none',
    yearlyHarmonics: model.yearly?.harmonics ?? 0,
    alpha: params.alpha,
    beta: params.beta,
    gamma: params.gamma,
    phi: params.phi,
    closedWeekdays: model.closedWeekdays,
    closureDays: model.closureDays,
    aic,
  };
}

export function checkHorizon(horizonDays: number | undefined, fallback = DEFAULT_HORIZON_DAYS): number {
  const horizon = horizonDays ?? fallback;
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON_DAYS) {
    throw new InsightInputError(`the horizon must be a whole number of days from 1 to ${MAX_HORIZON_DAYS}`);
  }
  return horizon;
}

/**
 * Forecasts daily net sales after the last day of `series`.
 *
 * `series.values` are the business's daily net sales (minor units) up to and including the last
 * full day; forecasts come back in the same unit, rounded to whole units.
 */
export function forecastSales(series: DailySeries, options: SalesForecastOptions = {}): SalesForecast {
  const horizon = checkHorizon(options.horizonDays);
  const history = assessSalesHistory(series);
  if (!history.enough) return { status: 'insufficient_history', history, model: null, points: [] };
  const knownClosed = closedDaySet(options.closedDates);
  const startDay = dayNumber(series.start);
  const model = fitSalesModel(series.values, startDay, knownClosed);
  if (!model) {
    const lastDay = startDay + series.values.length - 1;
    const trading = detectOpenDays(series.values, startDay, knownClosed);
    if (trading.closedWeekdays.length === 7) {
      const points = Array.from({ length: horizon }, (_, i) => ({ date: formatDay(lastDay + 1 + i), forecast: 0, lower80: 0, upper80: 0, lower95: 0, upper95: 0 }));
      return { status: 'no_recent_sales', history, model: null, points };
    }
    return { status: 'insufficient_history', history, model: null, points: [] };
  }
  return { status: 'ok', history, model: summarise(model), points: predictSales(model, horizon, knownClosed) };
}

export { closedDaySet };
