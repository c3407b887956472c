/**
 * Nelder–Mead simplex minimisation of a function of a few unconstrained variables.
 *
 * Ours because no maintained npm package offers it: `fmin` (the usual choice) was last
 * published in 2017. The models map their bounded parameters onto the real line with a
 * logistic function, so an unconstrained method is all they need.
 */
export interface MinimizeOptions {
  maxEvaluations?: number;
  /** Stop when the simplex's values differ by less than this (relative to their size). */
  tolerance?: number;
  /** Initial simplex step along each axis. */
  step?: number;
}

export interface Minimum {
  x: number[];
  value: number;
  evaluations: number;
}

export function nelderMead(f: (x: number[]) => number, start: readonly number[], options: MinimizeOptions = {}): Minimum {
  const { maxEvaluations = 400, tolerance = 1e-7, step = 0.5 } = options;
  const n = start.length;
  let evaluations = 0;
  const evaluate = (x: number[]): number => {
    evaluations += 1;
    const value = f(x);
    return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
  };

  const points: number[][] = [start.slice()];
  for (let i = 0; i < n; i += 1) {
    const point = start.slice();
    point[i] = (point[i] ?? 0) + step;
    points.push(point);
  }
  const values = points.map(evaluate);

  const order = (): void => {
    const indices = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
    const sortedPoints = indices.map((i) => points[i] as number[]);
    const sortedValues = indices.map((i) => values[i] as number);
    points.splice(0, points.length, ...sortedPoints);
    values.splice(0, values.length, ...sortedValues);
  };

  while (evaluations < maxEvaluations) {
    order();
    const best = values[0] as number;
    const worst = values[n] as number;
    if (Number.isFinite(worst) && Math.abs(worst - best) <= tolerance * (Math.abs(best) + tolerance)) break;

    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i += 1) {
      const point = points[i] as number[];
      for (let j = 0; j < n; j += 1) centroid[j] = (centroid[j] as number) + (point[j] as number) / n;
    }
    const worstPoint = points[n] as number[];
    const towards = (factor: number): number[] => centroid.map((c, j) => c + factor * ((worstPoint[j] as number) - c));

    const reflected = towards(-1);
    const reflectedValue = evaluate(reflected);
    if (reflectedValue < best) {
      const expanded = towards(-2);
      const expandedValue = evaluate(expanded);
      if (expandedValue < reflectedValue) {
        points[n] = expanded;
        values[n] = expandedValue;
      } else {
        points[n] = reflected;
        values[n] = reflectedValue;
      }
      continue;
    }
    if (reflectedValue < (values[n - 1] as number)) {
      points[n] = reflected;
      values[n] = reflectedValue;
      continue;
    }
    const contracted = reflectedValue < worst ? towards(-0.5) : towards(0.5);
    const contractedValue = evaluate(contracted);
    if (contractedValue < Math.min(worst, reflectedValue)) {
      points[n] = contracted;
      values[n] = contractedValue;
      continue;
    }
    // Shrink everything towards the best point.
    const bestPoint = points[0] as number[];
    for (let i = 1; i <= n; i += 1) {
      const point = (points[i] as number[]).map((v, j) => (bestPoint[j] as number) + 0.5 * (v - (bestPoint[j] as number)));
      points[i] = point;
      values[i] = evaluate(point);
    }
  }
  order();
  return { x: (points[0] as number[]).slice(), value: values[0] as number, evaluations };
}

export const logistic = (u: number): number => 1 / (1 + Math.exp(-u));
export const logit = (p: number): number => Math.log(p / (1 - p));
