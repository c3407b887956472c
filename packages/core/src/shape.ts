/**
 * A small structural checker for data a browser reads back from its own storage (the saved sale,
 * the employee session): zod's rules for the few kinds those need, in about a kilobyte, so the
 * till's code never carries zod (decision 058). The server validates with zod, unchanged; each
 * shape here mirrors a zod schema and a table test holds both to the same answers.
 *
 * A shape returns the value it accepts (objects copied with their known keys only, as z.object
 * strips the others) or INVALID.
 */

export const INVALID: unique symbol = Symbol('invalid');
export type Shape<T> = (value: unknown) => T | typeof INVALID;
export type ShapeOutput<S> = S extends Shape<infer T> ? T : never;

/** zod's z.uuid(): RFC 9562 versions 1 to 8, the nil and the max UUID. */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const DATE = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** zod's z.iso.datetime({ offset: true }): seconds required, Z or ±hh:mm. */
const DATETIME_WITH_OFFSET = new RegExp(`^${DATE}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$`);

type Bounds = { min?: number; max?: number };
const within = (n: number, { min = -Infinity, max = Infinity }: Bounds) => n >= min && n <= max;

export function string(options: Bounds & { trim?: boolean; test?: (text: string) => boolean } = {}): Shape<string> {
  return (value) => {
    if (typeof value !== 'string') return INVALID;
    const text = options.trim ? value.trim() : value;
    return within(text.length, options) && (!options.test || options.test(text)) ? text : INVALID;
  };
}

export const uuid = (): Shape<string> => string({ test: (text) => UUID.test(text) });
export const isoDateTimeWithOffset = (): Shape<string> => string({ test: (text) => DATETIME_WITH_OFFSET.test(text) });

/** z.number(): finite; with `int`, a safe integer. */
export function number(options: Bounds & { int?: boolean } = {}): Shape<number> {
  return (value) =>
    typeof value === 'number' && Number.isFinite(value) && (!options.int || Number.isSafeInteger(value)) && within(value, options) ? value : INVALID;
}

export const int = (bounds: Bounds = {}): Shape<number> => number({ ...bounds, int: true });
export const boolean = (): Shape<boolean> => (value) => (typeof value === 'boolean' ? value : INVALID);

export function literal<const T extends string | number | boolean>(expected: T): Shape<T> {
  return (value) => (value === expected ? expected : INVALID);
}

export function oneOf<const T extends string>(options: readonly T[]): Shape<T> {
  return (value) => ((options as readonly unknown[]).includes(value) ? (value as T) : INVALID);
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value) => (value === null ? null : shape(value));
}

export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return (value) => (value === undefined ? undefined : shape(value));
}

export const nullish = <T>(shape: Shape<T>): Shape<T | null | undefined> => optional(nullable(shape));

/** z.…default(d): a missing value reads as `fallback`. */
export function withDefault<T>(shape: Shape<T>, fallback: T): Shape<T> {
  return (value) => (value === undefined ? fallback : shape(value));
}

/** z.…catch(c): an unreadable value reads as `fallback` instead of failing the whole. */
export function orElse<T>(shape: Shape<T>, fallback: T): Shape<T> {
  return (value) => {
    const result = shape(value);
    return result === INVALID ? fallback : result;
  };
}

export function array<T>(shape: Shape<T>, bounds: Bounds = {}): Shape<T[]> {
  return (value) => {
    if (!Array.isArray(value) || !within(value.length, bounds)) return INVALID;
    const out: T[] = [];
    for (const item of value) {
      const result = shape(item);
      if (result === INVALID) return INVALID;
      out.push(result);
    }
    return out;
  };
}

type Props = Record<string, Shape<unknown>>;
type Optionals<P extends Props> = { [K in keyof P]: undefined extends ShapeOutput<P[K]> ? K : never }[keyof P];
export type ObjectOutput<P extends Props> = { [K in Exclude<keyof P, Optionals<P>>]: ShapeOutput<P[K]> } & { [K in Optionals<P>]?: ShapeOutput<P[K]> };

/**
 * z.object (unknown keys dropped) or, with `strict`, z.strictObject (unknown keys refused). A key
 * whose value reads as undefined is left out.
 */
export function object<P extends Props>(props: P, options: { strict?: boolean } = {}): Shape<{ [K in keyof ObjectOutput<P>]: ObjectOutput<P>[K] }> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    const input = value as Record<string, unknown>;
    if (options.strict && Object.keys(input).some((key) => !Object.hasOwn(props, key))) return INVALID;
    const out: Record<string, unknown> = {};
    for (const [key, shape] of Object.entries(props)) {
      const result = shape(Object.hasOwn(input, key) ? input[key] : undefined);
      if (result === INVALID) return INVALID;
      if (result !== undefined) out[key] = result;
    }
    return out as ObjectOutput<P>;
  };
}

/** The first alternative that accepts the value (z.union; z.discriminatedUnion when they differ by a literal). */
export function union<T extends unknown[]>(...shapes: { [I in keyof T]: Shape<T[I]> }): Shape<T[number]> {
  return (value) => {
    for (const shape of shapes) {
      const result = shape(value);
      if (result !== INVALID) return result;
    }
    return INVALID;
  };
}

/** The accepted value, or null. */
export function parseShape<T>(shape: Shape<T>, value: unknown): T | null {
  const result = shape(value);
  return result === INVALID ? null : result;
}
