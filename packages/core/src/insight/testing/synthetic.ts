/**
 * Seeded synthetic data with known answers, shared by the tests and bench/models. Not exported
 * from @till/core: nothing in the product should ever forecast made-up sales.
 */
import type { DailySeries } from '../series.ts';

/** mulberry32: a small, fast, seedable uniform generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normalSampler(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), 1e-12);
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

export function poissonSampler(random: () => number): (mean: number) => number {
  const normal = normalSampler(random);
  return (mean) => {
    if (mean <= 0) return 0;
    if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = random();
    while (p > limit) {
      k += 1;
      p *= random();
    }
    return k;
  };
}

/** Monday-first weekly multipliers of a typical shop: quiet early week, busy Friday and Saturday. */
export const SHOP_WEEK = [0.8, 0.85, 0.9, 1.0, 1.25, 1.5, 0.7] as const;

export interface SyntheticSalesOptions {
  /** The first day; defaults to a Monday so position 0 is Monday. */
  start?: string;
  days: number;
  /** Level on day 0 (minor units). */
  level: number;
  /** Added per day. */
  slope?: number;
  /** Monday-first multipliers (multiplicative) applied to the level. */
  week?: readonly number[];
  /** Relative size of a yearly swing: level × (1 + amplitude × cos(2π(day − peakDay)/365.25)). */
  yearlyAmplitude?: number;
  /** Day of the year (0 = 1 January) of the yearly peak. */
  yearlyPeakDay?: number;
  /** Standard deviation of multiplicative Gaussian noise (0.1 = 10 %). */
  noise?: number;
  /** ISO weekdays with no trade. */
  closedWeekdays?: readonly number[];
  seed?: number;
}

export interface SyntheticSales {
  series: DailySeries;
  /** The noise-free expectation for any day offset from the start (also beyond the series). */
  expected: (offset: number) => number;
}

export function syntheticSales(options: SyntheticSalesOptions): SyntheticSales {
  const start = options.start ?? '2024-01-01';
  const startDay = Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10))) / 86_400_000;
  const week = options.week ?? SHOP_WEEK;
  const closed = new Set(options.closedWeekdays ?? []);
  const normal = normalSampler(seededRandom(options.seed ?? 1));
  const expected = (offset: number): number => {
    const day = startDay + offset;
    const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
    if (closed.has(weekday)) return 0;
    const yearStart = Date.UTC(new Date(day * 86_400_000).getUTCFullYear(), 0, 1) / 86_400_000;
    const dayOfYear = day - yearStart;
    const yearly = 1 + (options.yearlyAmplitude ?? 0) * Math.cos((2 * Math.PI * (dayOfYear - (options.yearlyPeakDay ?? 0))) / 365.25);
    return (options.level + (options.slope ?? 0) * offset) * (week[weekday - 1] as number) * yearly;
  };
  const values = Array.from({ length: options.days }, (_, t) => {
    const mean = expected(t);
    if (mean === 0) return 0;
    return Math.max(0, Math.round(mean * (1 + (options.noise ?? 0) * normal())));
  });
  return { series: { start, values }, expected };
}

/** Daily units of an intermittent product: demand on a day with probability `p`, size Poisson(size − 1) + 1. */
export function intermittentDemand(options: { days: number; probability: number; meanSize: number; seed?: number; start?: string }): DailySeries {
  const random = seededRandom(options.seed ?? 7);
  const poisson = poissonSampler(random);
  const values = Array.from({ length: options.days }, () => (random() < options.probability ? 1 + poisson(options.meanSize - 1) : 0));
  return { start: options.start ?? '2024-01-01', values };
}

/** Daily units of a steady seller: Poisson around `mean` × weekday multiplier. */
export function steadyDemand(options: { days: number; mean: number; week?: readonly number[]; seed?: number; start?: string }): DailySeries {
  const random = seededRandom(options.seed ?? 11);
  const poisson = poissonSampler(random);
  const week = options.week ?? [1, 1, 1, 1, 1, 1, 1];
  const start = options.start ?? '2024-01-01';
  const values = Array.from({ length: options.days }, (_, t) => poisson(options.mean * (week[t % 7] as number)));
  return { start, values };
}
