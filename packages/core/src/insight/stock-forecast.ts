/**
 * Stock forecast per product and store: expected daily demand, the date stock runs out, and
 * how much to reorder given the supplier's lead time and a service level.
 *
 * Demand model, chosen by the Syntetos–Boylan classification of the history (ADI: average days
 * between sales; CV²: squared variation of the quantities sold on selling days):
 * - smooth or erratic (ADI ≤ 1.32): simple exponential smoothing of daily units, with
 *   day-of-week factors for smooth demand (shrunk towards 1 when there are few weeks);
 * - intermittent or lumpy (ADI > 1.32): Croston's method with the Syntetos–Boylan bias
 *   correction (SBA), which forecasts a rate rather than "0 most days".
 * The smoothing constant is picked from a small grid by in-sample one-step squared error, and
 * the spread of those one-step errors is the daily demand uncertainty.
 *
 * Reorder policy (periodic review, order-up-to): safety stock z·σ·√(L+R), order-up-to level
 * = expected demand over L+R days + safety stock, reorder when the stock position (on hand +
 * on order) is at or below the reorder point (expected demand over L + z·σ·√L). Quantities are
 * whole units, rounded up to the pack size.
 */
import { mean, probit } from 'simple-statistics';
import { formatDay, InsightInputError, isoWeekday } from './dates.ts';
import { checkSeries, type DailySeries } from './series.ts';

export type DemandClass = 'smooth' | 'erratic' | 'intermittent' | 'lumpy' | 'none';

/** Below this many days since the first sale a plan is marked short_history. */
export const STOCK_HISTORY_DAYS = 28;
/** Stock-out dates are looked for this far ahead; later ones are reported as null. */
export const STOCKOUT_SEARCH_DAYS = 365;

const ADI_CUTOFF = 1.32;
const CV2_CUTOFF = 0.49;
const SES_ALPHAS = [0.02, 0.05, 0.1, 0.2, 0.3] as const;
const CROSTON_ALPHAS = [0.05, 0.1, 0.15, 0.2, 0.3] as const;
const WARM_UP_DAYS = 14;
const WEEKDAY_WINDOW_DAYS = 84;

export interface DemandModel {
  method: 'ses' | 'sba' | 'none';
  demandClass: DemandClass;
  /** Expected units per day on an average day. */
  meanDaily: number;
  /** Standard deviation of one day's demand around its forecast. */
  sdDaily: number;
  /** Monday-first multipliers of meanDaily (all 1 unless demand is smooth). */
  weekdayFactors: number[];
  /** Average days between sales and the squared coefficient of variation of sale sizes. */
  adi: number | null;
  cv2: number | null;
  alpha: number;
  /** Days from the first sale to the end of the history. */
  historyDays: number;
}

export interface StockPlanInput {
  /** Daily units sold (one value per day, oldest first), up to and including the last full day. */
  history: DailySeries;
  /** Units on hand after the last day of history. */
  onHand: number;
  /** Units ordered and not yet received. */
  onOrder?: number;
  /** Days from placing an order to having it on the shelf. */
  leadTimeDays: number;
  /** Days between orders (review period), default 7. */
  reviewDays?: number;
  /** Chance of not running out before the next delivery, default 0.95 (0.5 … 0.999). */
  serviceLevel?: number;
  /** Orders are whole multiples of this many units (a case), default 1. */
  packSize?: number;
  /** Days of daily forecast to return, default 28. */
  horizonDays?: number;
}

export interface StockPlan {
  status: 'ok' | 'short_history' | 'no_sales';
  demand: DemandModel;
  /** Expected units per day for the coming days. */
  daily: { date: string; units: number }[];
  /** The day the expected stock reaches 0 (the first day after the history when already out), null if not within a year. */
  stockoutDate: string | null;
  /** Days the stock on hand lasts at the expected rate (one decimal), null if more than a year. */
  daysOfCover: number | null;
  /** The stock-out comes before an order placed today would arrive. */
  stockoutBeforeDelivery: boolean;
  leadTimeDemand: number;
  safetyStock: number;
  reorderPoint: number;
  orderUpTo: number;
  reorderNow: boolean;
  /** Whole units to order now (0 when above the reorder point), a multiple of the pack size. */
  reorderQuantity: number;
}

interface Fit {
  method: 'ses' | 'sba';
  alpha: number;
  /** Level of the (weekday-adjusted) daily rate after the last day. */
  rate: number;
  sse: number;
  count: number;
}

function classify(values: readonly number[]): { demandClass: DemandClass; adi: number | null; cv2: number | null } {
  const sizes = values.filter((v) => v > 0);
  if (sizes.length === 0) return { demandClass: 'none', adi: null, cv2: null };
  const adi = values.length / sizes.length;
  const sizeMean = mean(sizes);
  const cv2 = sizes.length > 1 ? sizes.reduce((s, v) => s + (v - sizeMean) ** 2, 0) / (sizes.length - 1) / sizeMean ** 2 : 0;
  const intermittent = adi > ADI_CUTOFF;
  const variable = cv2 > CV2_CUTOFF;
  return { demandClass: intermittent ? (variable ? 'lumpy' : 'intermittent') : variable ? 'erratic' : 'smooth', adi, cv2 };
}

/** Day-of-week multipliers from the last 12 weeks, shrunk towards 1 by the number of weeks seen. */
function weekdayFactors(values: readonly number[], startDay: number): number[] {
  const from = Math.max(0, values.length - WEEKDAY_WINDOW_DAYS);
  const sums = new Array<number>(7).fill(0);
  const counts = new Array<number>(7).fill(0);
  for (let t = from; t < values.length; t += 1) {
    const w = isoWeekday(startDay + t) - 1;
    sums[w] = (sums[w] as number) + (values[t] as number);
    counts[w] = (counts[w] as number) + 1;
  }
  const overall = sums.reduce((a, b) => a + b, 0) / Math.max(1, counts.reduce((a, b) => a + b, 0));
  if (overall <= 0) return new Array<number>(7).fill(1);
  const raw = sums.map((s, w) => {
    const weeks = counts[w] as number;
    const factor = weeks > 0 ? s / weeks / overall : 1;
    return (weeks * factor + 4) / (weeks + 4);
  });
  const centre = raw.reduce((a, b) => a + b, 0) / 7;
  return raw.map((f) => f / centre);
}

function fitSes(values: readonly number[], factors: readonly number[], startDay: number): Fit {
  const warmUp = Math.min(WARM_UP_DAYS, values.length);
  let initial = 0;
  for (let t = 0; t < warmUp; t += 1) initial += (values[t] as number) / (factors[isoWeekday(startDay + t) - 1] as number);
  initial /= Math.max(1, warmUp);
  let best: Fit | null = null;
  for (const alpha of SES_ALPHAS) {
    let level = initial;
    let sse = 0;
    let count = 0;
    for (let t = 0; t < values.length; t += 1) {
      const factor = factors[isoWeekday(startDay + t) - 1] as number;
      const y = values[t] as number;
      if (t >= warmUp) {
        sse += (y - level * factor) ** 2;
        count += 1;
      }
      level += alpha * (y / factor - level);
    }
    if (!best || sse < best.sse) best = { method: 'ses', alpha, rate: level, sse, count };
  }
  return best as Fit;
}

/** Croston with the Syntetos–Boylan correction: rate = (1 − α/2) · size / interval. */
function fitSba(values: readonly number[], adi: number): Fit {
  // Starts from the history's average sale size and interval; values[0] is the first sale.
  const sizes = values.filter((v) => v > 0);
  const meanSize = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  let best: Fit | null = null;
  for (const alpha of CROSTON_ALPHAS) {
    let size = meanSize;
    let interval = adi;
    let sinceLast = 1;
    let sse = 0;
    let count = 0;
    for (let t = 1; t < values.length; t += 1) {
      const y = values[t] as number;
      const forecast = ((1 - alpha / 2) * size) / interval;
      if (t >= WARM_UP_DAYS) {
        sse += (y - forecast) ** 2;
        count += 1;
      }
      if (y > 0) {
        size += alpha * (y - size);
        interval += alpha * (sinceLast - interval);
        sinceLast = 1;
      } else {
        sinceLast += 1;
      }
    }
    // Croston only learns at a sale; a dry spell longer than the usual interval is counted as if
    // a sale came today, so a product that stopped selling stops being forecast at its old rate.
    const effectiveInterval = sinceLast > interval ? interval + alpha * (sinceLast - interval) : interval;
    const rate = ((1 - alpha / 2) * size) / effectiveInterval;
    if (!best || sse < best.sse) best = { method: 'sba', alpha, rate, sse, count };
  }
  return best as Fit;
}

/** Fits the demand model to a product's daily units. */
export function forecastDemand(history: DailySeries): DemandModel {
  const startDay = checkSeries(history);
  const all = history.values.map((v) => Math.max(0, v));
  const first = all.findIndex((v) => v > 0);
  const flat = new Array<number>(7).fill(1);
  if (first < 0) {
    return { method: 'none', demandClass: 'none', meanDaily: 0, sdDaily: 0, weekdayFactors: flat, adi: null, cv2: null, alpha: 0, historyDays: 0 };
  }
  const values = all.slice(first);
  const seriesStart = startDay + first;
  const { demandClass, adi, cv2 } = classify(values);
  const intermittent = demandClass === 'intermittent' || demandClass === 'lumpy';
  const factors = demandClass === 'smooth' && values.length >= 28 ? weekdayFactors(values, seriesStart) : flat;
  const fit = intermittent ? fitSba(values, adi as number) : fitSes(values, factors, seriesStart);
  const meanRate = values.reduce((a, b) => a + b, 0) / values.length;
  // With too few scored days the spread of errors is unknown: fall back to Poisson (variance = mean).
  const sdDaily = fit.count >= 14 ? Math.sqrt(fit.sse / fit.count) : Math.sqrt(Math.max(meanRate, fit.rate));
  return {
    method: fit.method,
    demandClass,
    meanDaily: Math.max(0, fit.rate),
    sdDaily,
    weekdayFactors: factors,
    adi,
    cv2,
    alpha: fit.alpha,
    historyDays: values.length,
  };
}

function checkWhole(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new InsightInputError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Demand forecast, stock-out date and reorder quantity for one product in one store. */
export function planStock(input: StockPlanInput): StockPlan {
  const leadTime = checkWhole(input.leadTimeDays, 'leadTimeDays', 0, 365);
  const review = checkWhole(input.reviewDays ?? 7, 'reviewDays', 1, 90);
  const packSize = checkWhole(input.packSize ?? 1, 'packSize', 1, 1_000_000);
  const horizon = checkWhole(input.horizonDays ?? 28, 'horizonDays', 1, 366);
  const serviceLevel = input.serviceLevel ?? 0.95;
  if (!(serviceLevel >= 0.5 && serviceLevel <= 0.999)) throw new InsightInputError('serviceLevel must be from 0.5 to 0.999');
  const onHand = input.onHand;
  const onOrder = input.onOrder ?? 0;
  if (!Number.isFinite(onHand) || !Number.isFinite(onOrder) || onOrder < 0) throw new InsightInputError('onHand and onOrder must be numbers (onOrder not negative)');

  const demand = forecastDemand(input.history);
  const lastDay = checkSeries(input.history) + input.history.values.length - 1;
  const expectedOn = (offset: number) => demand.meanDaily * (demand.weekdayFactors[isoWeekday(lastDay + offset) - 1] as number);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const daily = Array.from({ length: horizon }, (_, i) => ({ date: formatDay(lastDay + i + 1), units: round(expectedOn(i + 1)) }));

  let stockoutDate: string | null = null;
  let daysOfCover: number | null = null;
  if (onHand <= 0) {
    stockoutDate = formatDay(lastDay + 1);
    daysOfCover = 0;
  } else if (demand.meanDaily > 0) {
    let remaining = onHand;
    for (let i = 1; i <= STOCKOUT_SEARCH_DAYS; i += 1) {
      const need = expectedOn(i);
      if (need >= remaining) {
        stockoutDate = formatDay(lastDay + i);
        daysOfCover = Math.round((i - 1 + (need > 0 ? remaining / need : 0)) * 10) / 10;
        break;
      }
      remaining -= need;
    }
  }

  const z = probit(serviceLevel);
  const demandOver = (days: number) => {
    let sum = 0;
    for (let i = 1; i <= days; i += 1) sum += expectedOn(i);
    return sum;
  };
  const leadTimeDemand = demandOver(leadTime);
  // Whole units, rounded up; the tolerance keeps 12.000000001 from becoming 13.
  const wholeUp = (v: number) => Math.max(0, Math.ceil(v - 1e-9));
  const safetyStock = wholeUp(z * demand.sdDaily * Math.sqrt(leadTime + review));
  const reorderPoint = wholeUp(leadTimeDemand + z * demand.sdDaily * Math.sqrt(leadTime));
  const orderUpTo = wholeUp(demandOver(leadTime + review) + safetyStock);
  const position = onHand + onOrder;
  const reorderNow = demand.meanDaily > 0 && position <= reorderPoint;
  const shortfall = Math.max(0, orderUpTo - position);
  const reorderQuantity = reorderNow ? wholeUp(shortfall / packSize) * packSize : 0;
  const status = demand.method === 'none' ? 'no_sales' : demand.historyDays < STOCK_HISTORY_DAYS ? 'short_history' : 'ok';
  return {
    status,
    demand,
    daily,
    stockoutDate,
    daysOfCover,
    stockoutBeforeDelivery: daysOfCover !== null && daysOfCover < leadTime,
    leadTimeDemand: round(leadTimeDemand),
    safetyStock,
    reorderPoint,
    orderUpTo,
    reorderNow,
    reorderQuantity,
  };
}

/** Plans for many product–store pairs; `key` comes back unchanged to match results to rows. */
export function planStockForProducts<K>(items: readonly (StockPlanInput & { key: K })[]): { key: K; plan: StockPlan }[] {
  return items.map((item) => ({ key: item.key, plan: planStock(item) }));
}
