/**
 * A field of a PostgreSQL error (`code`, `detail`, `constraint`, …). Drizzle wraps driver errors,
 * so the field may sit on the error or on its cause.
 */
export function pgErrorField(error: unknown, field: 'code' | 'detail' | 'constraint', accept: (value: string) => boolean = () => true): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE (Node's own errors also carry a `code`, like ECONNRESET: only five-character codes count). */
export const sqlState = (error: unknown) => pgErrorField(error, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
