/**
 * Holt–Winters exponential smoothing with a weekly season (period 7), an optional damped
 * additive trend, and additive or multiplicative seasonality: ETS(A,N,A), ETS(A,Ad,A),
 * ETS(A,N,M) and ETS(A,Ad,M) in Hyndman et al.'s taxonomy, written in error-correction form.
 *
 * Days the shop was closed are "not observed": the states roll forward without an update, so a
 * holiday does not drag the level down and a closed weekday does not distort the others.
 *
 * Smoothing parameters are fitted by minimising the one-step squared error (Nelder–Mead over
 * logistic-transformed parameters); the specification with the lowest AIC wins.
 */
import { probit, quantileSorted } from 'simple-statistics';
import { logistic, logit, nelderMead } from './optimize.ts';

export const SEASON_LENGTH = 7;

export type Seasonality = 'additive' | 'multiplicative';

export interface EtsSpec {
  seasonality: Seasonality;
  /** A damped additive trend; without it the level has no slope. */
  trend: boolean;
}

export interface EtsParams {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

export interface EtsFit {
  spec: EtsSpec;
  params: EtsParams;
  /** States after the last observation. */
  level: number;
  slope: number;
  /** Seasonal states indexed by position modulo 7 (position 0 is the series' first day). */
  season: number[];
  /** Number of observed (open) days and the one-step squared errors over them. */
  observed: number;
  sse: number;
  /** Residual standard deviation: absolute for additive seasonality, relative to the forecast for multiplicative. */
  sigma: number;
  /**
   * Quantiles (2.5 %, 10 %, 90 %, 97.5 %) of the last year's one-step errors, on the same scale
   * as sigma; null when there are too few errors and the intervals fall back to the normal.
   */
  errorQuantiles: [number, number, number, number] | null;
  /** Interval widths scale with the forecast (errors measured relative to it). */
  relativeErrors: boolean;
  aic: number;
  /** Length of the series the fit ran over; forecasts continue from here. */
  length: number;
}

const PHI_MIN = 0.8;
const PHI_MAX = 0.98;
/** The initial states estimated from the first weeks count as parameters too. */
const initialStateCount = (spec: EtsSpec): number => 1 + (spec.trend ? 1 : 0) + (SEASON_LENGTH - 1);
const parameterCount = (spec: EtsSpec): number => (spec.trend ? 4 : 2) + initialStateCount(spec);

interface InitialStates {
  level: number;
  slope: number;
  season: Float64Array;
}

/** Classical start: weekly means of the first weeks give the level and slope, deviations from them the season. */
function initialStates(y: Float64Array, open: Uint8Array, spec: EtsSpec): InitialStates | null {
  const weeks = Math.min(4, Math.floor(y.length / SEASON_LENGTH));
  if (weeks < 2) return null;
  const weekMeans: number[] = [];
  for (let w = 0; w < weeks; w += 1) {
    let sum = 0;
    let count = 0;
    for (let i = w * SEASON_LENGTH; i < (w + 1) * SEASON_LENGTH; i += 1) {
      if (open[i]) {
        sum += y[i] as number;
        count += 1;
      }
    }
    weekMeans.push(count > 0 ? sum / count : Number.NaN);
  }
  const usable = weekMeans.filter((m) => Number.isFinite(m));
  if (usable.length < 2) return null;
  const first = usable[0] as number;
  const last = usable[usable.length - 1] as number;
  const slope = spec.trend ? (last - first) / ((usable.length - 1) * SEASON_LENGTH) : 0;

  const multiplicative = spec.seasonality === 'multiplicative';
  const season = new Float64Array(SEASON_LENGTH).fill(multiplicative ? 1 : 0);
  const sums = new Float64Array(SEASON_LENGTH);
  const counts = new Float64Array(SEASON_LENGTH);
  for (let w = 0; w < weeks; w += 1) {
    const mean = weekMeans[w] as number;
    if (!Number.isFinite(mean) || (multiplicative && mean <= 0)) continue;
    for (let k = 0; k < SEASON_LENGTH; k += 1) {
      const i = w * SEASON_LENGTH + k;
      if (!open[i]) continue;
      // Detrend within the week so the slope does not leak into the season.
      const centred = mean + slope * (k - (SEASON_LENGTH - 1) / 2);
      sums[k] = (sums[k] as number) + (multiplicative ? (y[i] as number) / centred : (y[i] as number) - centred);
      counts[k] = (counts[k] as number) + 1;
    }
  }
  let total = 0;
  let seen = 0;
  for (let k = 0; k < SEASON_LENGTH; k += 1) {
    if ((counts[k] as number) > 0) {
      season[k] = (sums[k] as number) / (counts[k] as number);
      total += season[k] as number;
      seen += 1;
    }
  }
  if (seen > 0) {
    const centre = total / seen;
    for (let k = 0; k < SEASON_LENGTH; k += 1) {
      if ((counts[k] as number) === 0) continue;
      season[k] = multiplicative ? (season[k] as number) / centre : (season[k] as number) - centre;
    }
  }
  // The level sits just before the first day: the first week's mean, half a week back along the slope.
  const level = first - slope * ((SEASON_LENGTH + 1) / 2);
  if (multiplicative && level <= 0) return null;
  return { level, slope, season };
}

interface FilterResult {
  level: number;
  slope: number;
  season: Float64Array;
  sse: number;
  relativeSse: number;
  observed: number;
}

/** Runs the smoother over the series; returns Infinity SSE when a multiplicative state goes non-positive. */
function filter(
  y: Float64Array,
  open: Uint8Array,
  spec: EtsSpec,
  params: EtsParams,
  init: InitialStates,
  season: Float64Array,
  residuals?: { absolute: number[]; relative: number[] },
): FilterResult {
  season.set(init.season);
  let level = init.level;
  let slope = init.slope;
  let sse = 0;
  let relativeSse = 0;
  let observed = 0;
  const { alpha, beta, gamma, phi } = params;
  const multiplicative = spec.seasonality === 'multiplicative';
  for (let t = 0; t < y.length; t += 1) {
    const k = t % SEASON_LENGTH;
    const s = season[k] as number;
    const base = level + phi * slope;
    if (!open[t]) {
      level = base;
      slope = phi * slope;
      continue;
    }
    if (multiplicative) {
      if (base <= 0 || s <= 0) return { level, slope, season, sse: Number.POSITIVE_INFINITY, relativeSse: Number.POSITIVE_INFINITY, observed };
      const forecast = base * s;
      const error = (y[t] as number) - forecast;
      sse += error * error;
      relativeSse += (error / forecast) ** 2;
      residuals?.absolute.push(error);
      residuals?.relative.push(error / forecast);
      level = base + (alpha * error) / s;
      slope = phi * slope + (beta * error) / s;
      season[k] = s + (gamma * error) / base;
    } else {
      const forecast = base + s;
      const error = (y[t] as number) - forecast;
      sse += error * error;
      residuals?.absolute.push(error);
      residuals?.relative.push(forecast > 0 ? error / forecast : Number.NaN);
      level = base + alpha * error;
      slope = phi * slope + beta * error;
      season[k] = s + gamma * error;
    }
    observed += 1;
  }
  return { level, slope, season, sse, relativeSse, observed };
}

/** One-step errors after the two start-up weeks, at most the last year of them. */
const QUANTILE_SKIP = 14;
const QUANTILE_WINDOW = 364;
const QUANTILE_MIN = 56;

function errorQuantiles(residuals: readonly number[]): [number, number, number, number] | null {
  const recent = residuals.slice(QUANTILE_SKIP).slice(-QUANTILE_WINDOW);
  if (recent.length < QUANTILE_MIN) return null;
  const sorted = Float64Array.from(recent).sort();
  const list = Array.from(sorted);
  return [quantileSorted(list, 0.025), quantileSorted(list, 0.1), quantileSorted(list, 0.9), quantileSorted(list, 0.975)];
}

function paramsFrom(u: readonly number[], spec: EtsSpec): EtsParams {
  const alpha = 0.0001 + 0.9998 * logistic(u[0] as number);
  if (!spec.trend) return { alpha, beta: 0, gamma: (1 - alpha) * logistic(u[1] as number), phi: 1 };
  return {
    alpha,
    beta: alpha * logistic(u[1] as number),
    gamma: (1 - alpha) * logistic(u[2] as number),
    phi: PHI_MIN + (PHI_MAX - PHI_MIN) * logistic(u[3] as number),
  };
}

const START: EtsParams = { alpha: 0.2, beta: 0.02, gamma: 0.1, phi: 0.95 };

function startVector(spec: EtsSpec): number[] {
  const alphaU = logit((START.alpha - 0.0001) / 0.9998);
  const gammaU = logit(START.gamma / (1 - START.alpha));
  if (!spec.trend) return [alphaU, gammaU];
  return [alphaU, logit(START.beta / START.alpha), gammaU, logit((START.phi - PHI_MIN) / (PHI_MAX - PHI_MIN))];
}

/**
 * Fits one specification. `open[t]` is 0 for days that are not observations (closures).
 * Returns null when the series is too short to start (fewer than two weeks with open days)
 * or, for multiplicative seasonality, when it has non-positive values on open days.
 */
export function fitEts(y: Float64Array, open: Uint8Array, spec: EtsSpec, options: { maxEvaluations?: number } = {}): EtsFit | null {
  if (spec.seasonality === 'multiplicative') {
    for (let t = 0; t < y.length; t += 1) if (open[t] && (y[t] as number) <= 0) return null;
  }
  const init = initialStates(y, open, spec);
  if (!init) return null;
  const season = new Float64Array(SEASON_LENGTH);
  const best = nelderMead((u) => filter(y, open, spec, paramsFrom(u, spec), init, season).sse, startVector(spec), {
    maxEvaluations: options.maxEvaluations ?? (spec.trend ? 300 : 150),
    tolerance: 1e-8,
    step: 1,
  });
  const params = paramsFrom(best.x, spec);
  const residuals = { absolute: [] as number[], relative: [] as number[] };
  const result = filter(y, open, spec, params, init, season, residuals);
  // Shop sales vary in proportion to their size (a Saturday twice a Monday is twice as uncertain),
  // so errors are relative whenever the forecasts are positive; absolute for series with real zeros.
  const recentRelative = residuals.relative.slice(QUANTILE_SKIP);
  let positive = recentRelative.length > 0 && recentRelative.every(Number.isFinite);
  for (let t = 0; positive && t < y.length; t += 1) if (open[t] && (y[t] as number) <= 0) positive = false;
  const relativeErrors = spec.seasonality === 'multiplicative' || positive;
  if (!Number.isFinite(result.sse) || result.observed === 0) return null;
  const k = parameterCount(spec);
  const dof = Math.max(1, result.observed - k);
  const sigma = Math.sqrt((spec.seasonality === 'multiplicative' ? result.relativeSse : result.sse) / dof);
  // A perfect fit has SSE 0; a floor keeps the AIC finite and lets the simpler model win the tie.
  let scale = 0;
  for (let t = 0; t < y.length; t += 1) if (open[t]) scale += (y[t] as number) ** 2;
  const sseFloor = 1e-18 * Math.max(scale, 1);
  const aic = result.observed * Math.log(Math.max(result.sse, sseFloor) / result.observed) + 2 * k;
  return {
    spec,
    params,
    level: result.level,
    slope: result.slope,
    season: Array.from(result.season),
    observed: result.observed,
    sse: result.sse,
    sigma,
    relativeErrors,
    errorQuantiles: errorQuantiles(relativeErrors ? residuals.relative : residuals.absolute),
    aic,
    length: y.length,
  };
}

export interface EtsForecastPoint {
  mean: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

// Pure: lets bundlers drop this (and simple-statistics) from pages that never forecast.
const Z80 = /* @__PURE__ */ probit(0.9);
const Z95 = /* @__PURE__ */ probit(0.975);

/**
 * Point forecasts and prediction intervals for the next `horizon` days.
 *
 * The spread of the one-step errors (their empirical quantiles, or ±zσ when there are few)
 * is widened for the h-step horizon by the linear-model factor √(1 + Σ c_j²),
 * c_j = α + β(φ + … + φ^j) + γ·[j is a whole number of weeks], so intervals grow with the
 * horizon. Empirical quantiles keep intervals honest for skewed, heavy-tailed daily sales. For
 * multiplicative seasonality the errors are relative and scale with the forecast (the usual
 * approximation for ETS(M,Ad,M)).
 */
export function forecastEts(fit: EtsFit, horizon: number): EtsForecastPoint[] {
  const { alpha, beta, gamma, phi } = fit.params;
  const multiplicative = fit.spec.seasonality === 'multiplicative';
  const [q025, q10, q90, q975] = fit.errorQuantiles ?? [-Z95 * fit.sigma, -Z80 * fit.sigma, Z80 * fit.sigma, Z95 * fit.sigma];
  // The normal fallback's sigma is absolute for additive fits.
  const relative = fit.errorQuantiles ? fit.relativeErrors : multiplicative;
  const points: EtsForecastPoint[] = [];
  let dampedSum = 0;
  let power = 1;
  let varianceFactor = 1;
  for (let h = 1; h <= horizon; h += 1) {
    if (h > 1) {
      const j = h - 1;
      const c = alpha + beta * dampedSumFor(phi, j, fit.spec.trend) + (j % SEASON_LENGTH === 0 ? gamma : 0);
      varianceFactor += c * c;
    }
    power *= phi;
    dampedSum += fit.spec.trend ? power : 0;
    const s = fit.season[(fit.length + h - 1) % SEASON_LENGTH] as number;
    const base = fit.level + dampedSum * fit.slope;
    const mean = multiplicative ? base * s : base + s;
    const scale = Math.sqrt(varianceFactor) * (relative ? Math.abs(mean) : 1);
    points.push({ mean, lower80: mean + q10 * scale, upper80: mean + q90 * scale, lower95: mean + q025 * scale, upper95: mean + q975 * scale });
  }
  return points;
}

function dampedSumFor(phi: number, j: number, trend: boolean): number {
  if (!trend) return 0;
  if (phi === 1) return j;
  return (phi * (1 - phi ** j)) / (1 - phi);
}

/** The four specifications tried for daily sales, simplest first (ties go to the simpler one). */
export const ETS_CANDIDATES: readonly EtsSpec[] = [
  { seasonality: 'additive', trend: false },
  { seasonality: 'multiplicative', trend: false },
  { seasonality: 'additive', trend: true },
  { seasonality: 'multiplicative', trend: true },
];

/** Fits every candidate and keeps the one with the lowest AIC. */
export function selectEts(y: Float64Array, open: Uint8Array, candidates: readonly EtsSpec[] = ETS_CANDIDATES): EtsFit | null {
  let best: EtsFit | null = null;
  for (const spec of candidates) {
    const fit = fitEts(y, open, spec);
    if (fit && (!best || fit.aic < best.aic - 1e-9)) best = fit;
  }
  return best;
}
