import { SAMPLE_ROW_LIMIT, type QueryResult } from '@till/core';

/** Longest text of one value in a sample row; longer values end in an ellipsis. */
const MAX_VALUE_CHARS = 200;

/** A database value as JSON the panel can show: ids and text as strings, big numbers exactly. */
export function toJsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (value instanceof Uint8Array) return '[binary]';
  if (typeof value === 'string') return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : value;
}

export function sampleRows(columns: string[], rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.slice(0, SAMPLE_ROW_LIMIT).map((row) => Object.fromEntries(columns.map((column) => [column, toJsonValue(row[column])])));
}

/** SPEC §8: "Query failed" with the reason. */
export function failedQuery(reason: string): QueryResult {
  return { success: false, row_count: 0, data: [], error: reason, message: `Query failed: ${reason}` };
}

/** SPEC §8/§9: success shows the count found and up to 3 sample rows. */
export function succeededQuery(columns: string[], rows: Record<string, unknown>[], truncated: boolean): QueryResult {
  const count = rows.length;
  const shown = Math.min(count, SAMPLE_ROW_LIMIT);
  const found = truncated ? `Found more than ${count} rows` : `Found ${count} ${count === 1 ? 'row' : 'rows'}`;
  return {
    success: true,
    row_count: count,
    data: sampleRows(columns, rows),
    error: null,
    message: shown < count ? `${found}; showing ${shown}.` : `${found}.`,
  };
}
