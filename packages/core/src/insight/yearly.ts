/**
 * Yearly seasonality as Fourier terms of the calendar day, estimated by least squares
 * (normal equations solved with ml-matrix) beside a linear trend and day-of-week effects so that neither leaks
 * into the yearly shape. The number of harmonics (0, 2, 4 or, from two years on, 6) is chosen by
 * BIC: zero means "no yearly pattern worth modelling".
 */
import { Matrix, solve } from 'ml-matrix';
import { isoWeekday } from './dates.ts';

const YEAR_DAYS = 365.25;

export interface YearlyComponent {
  harmonics: number;
  /** exp(Σ terms) multiplies sales when true (fitted on log sales); Σ terms is added otherwise. */
  multiplicative: boolean;
  /** [sin 1, cos 1, sin 2, cos 2, …] coefficients. */
  coefficients: number[];
}

function fourierRow(day: number, harmonics: number, row: number[]): void {
  for (let k = 1; k <= harmonics; k += 1) {
    const angle = (2 * Math.PI * k * day) / YEAR_DAYS;
    row.push(Math.sin(angle), Math.cos(angle));
  }
}

/** The yearly effect on a calendar day: a factor when multiplicative, an amount otherwise. */
export function yearlyEffect(component: YearlyComponent, day: number): number {
  let sum = 0;
  for (let k = 1; k <= component.harmonics; k += 1) {
    const angle = (2 * Math.PI * k * day) / YEAR_DAYS;
    sum += (component.coefficients[2 * k - 2] as number) * Math.sin(angle) + (component.coefficients[2 * k - 1] as number) * Math.cos(angle);
  }
  return component.multiplicative ? Math.exp(sum) : sum;
}

interface LeastSquares {
  rss: number;
  coefficients: number[];
}

/**
 * Ordinary least squares through the normal equations: XᵀX is at most 23 × 23 here and the
 * columns are bounded (Fourier terms, weekday dummies, time in years), so this is well
 * conditioned and an order of magnitude faster than ml-matrix's QR on a tall matrix. The small
 * square system is solved by ml-matrix (LU, or SVD when it is singular).
 */
function leastSquares(rows: number[][], response: number[]): LeastSquares | null {
  const p = (rows[0] as number[]).length;
  const xtx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as number[];
    const value = response[i] as number;
    for (let a = 0; a < p; a += 1) {
      const xa = row[a] as number;
      if (xa === 0) continue;
      xty[a] = (xty[a] as number) + xa * value;
      const line = xtx[a] as number[];
      for (let b = a; b < p; b += 1) line[b] = (line[b] as number) + xa * (row[b] as number);
    }
  }
  for (let a = 0; a < p; a += 1) for (let b = 0; b < a; b += 1) (xtx[a] as number[])[b] = (xtx[b] as number[])[a] as number;
  let beta: Matrix;
  try {
    beta = solve(new Matrix(xtx), Matrix.columnVector(xty));
  } catch {
    try {
      beta = solve(new Matrix(xtx), Matrix.columnVector(xty), true);
    } catch {
      return null;
    }
  }
  const coefficients = beta.getColumn(0);
  if (!coefficients.every(Number.isFinite)) return null;
  let rss = 0;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as number[];
    let fitted = 0;
    for (let j = 0; j < p; j += 1) fitted += (row[j] as number) * (coefficients[j] as number);
    rss += ((response[i] as number) - fitted) ** 2;
  }
  return { rss, coefficients };
}

/**
 * `y[t]` is the value on day `startDay + t`; `open[t]` marks observed days. Returns null when a
 * yearly pattern does not pay for its parameters (or there is less than a year of history).
 */
export function fitYearly(y: Float64Array, open: Uint8Array, startDay: number): YearlyComponent | null {
  if (y.length < 365) return null;
  let positive = true;
  const weekdays = new Set<number>();
  const days: number[] = [];
  for (let t = 0; t < y.length; t += 1) {
    if (!open[t]) continue;
    days.push(t);
    weekdays.add(isoWeekday(startDay + t));
    if ((y[t] as number) <= 0) positive = false;
  }
  if (days.length < 300) return null;
  const dummyDays = [...weekdays].sort((a, b) => a - b).slice(1);
  const response = days.map((t) => (positive ? Math.log(y[t] as number) : (y[t] as number)));
  const choices = y.length >= 730 ? [0, 2, 4, 6] : [0, 2, 4];
  const n = days.length;
  let best: { bic: number; harmonics: number; coefficients: number[] } | null = null;
  for (const harmonics of choices) {
    const rows = days.map((t) => {
      const weekday = isoWeekday(startDay + t);
      const row = [1, t / YEAR_DAYS, ...dummyDays.map((d) => (d === weekday ? 1 : 0))];
      fourierRow(startDay + t, harmonics, row);
      return row;
    });
    const fit = leastSquares(rows, response);
    if (!fit) continue;
    const p = (rows[0] as number[]).length;
    const bic = n * Math.log(Math.max(fit.rss, 1e-300) / n) + p * Math.log(n);
    if (!best || bic < best.bic - 1e-9) best = { bic, harmonics, coefficients: fit.coefficients.slice(2 + dummyDays.length) };
  }
  if (!best || best.harmonics === 0) return null;
  return { harmonics: best.harmonics, multiplicative: positive, coefficients: best.coefficients };
}
