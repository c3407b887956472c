import { PAYMENT_METHODS, type PaymentMethod } from '@till/core';
import { ORDER_STATUSES, type OrderStatus } from '../api/types';
import { DATE_PRESETS, dayRangeToInstants, isIsoDay, presetDays, type DatePreset } from './date-range';

/**
 * The orders list's filters live in the URL (a filtered list can be bookmarked, shared and
 * reloaded). Presets stay relative ("today" is today tomorrow too); a custom range keeps days.
 * Whatever the URL holds is parsed, never trusted: an unknown value is dropped, not sent.
 */

export type DateRangeChoice = 'all' | DatePreset | 'custom';

export interface OrderFilters {
  range: DateRangeChoice;
  /** First and last day of a custom range (YYYY-MM-DD, business time zone); null: open. */
  from: string | null;
  to: string | null;
  status: OrderStatus | null;
  employeeId: string | null;
  method: PaymentMethod | null;
  customerId: string | null;
  /** One store's orders (decision 049). */
  storeId: string | null;
  number: number | null;
}

export const EMPTY_ORDER_FILTERS: OrderFilters = {
  range: 'all',
  from: null,
  to: null,
  status: null,
  employeeId: null,
  method: null,
  customerId: null,
  storeId: null,
  number: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const uuidOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);

/** "1042", "#1042" or " 1042 " → 1042; anything else (0, 1.5, "abc") → null. */
export function parseOrderNumber(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /^\s*#?\s*(\d{1,15})\s*$/.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const from = isIsoDay(params.get('from')) ? params.get('from') : null;
  const to = isIsoDay(params.get('to')) ? params.get('to') : null;
  const preset = oneOf(DATE_PRESETS, params.get('range'));
  // Days without a range name (a hand-written link) mean a custom range.
  const range: DateRangeChoice = preset ?? (params.get('range') === 'custom' || from || to ? 'custom' : 'all');
  return {
    range,
    from: range === 'custom' ? from : null,
    to: range === 'custom' ? to : null,
    status: oneOf(ORDER_STATUSES, params.get('status')),
    employeeId: uuidOrNull(params.get('employeeId')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    customerId: uuidOrNull(params.get('customerId')),
    storeId: uuidOrNull(params.get('storeId')),
    number: parseOrderNumber(params.get('number')),
  };
}

/** The query string for `filters`, in a fixed order and without defaults, so equal filters give equal URLs. */
export function serializeOrderFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.range !== 'all') params.set('range', filters.range);
  if (filters.range === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  if (filters.status) params.set('status', filters.status);
  if (filters.method) params.set('method', filters.method);
  if (filters.employeeId) params.set('employeeId', filters.employeeId);
  if (filters.customerId) params.set('customerId', filters.customerId);
  if (filters.storeId) params.set('storeId', filters.storeId);
  if (filters.number !== null) params.set('number', String(filters.number));
  return params;
}

export function hasActiveFilters(filters: OrderFilters): boolean {
  return serializeOrderFilters(filters).toString() !== '';
}

/** What GET /api/orders is asked (its snake_case query, decision 070) for these filters at `now`, dates resolved in the business time zone. */
export interface OrdersQuery {
  from?: string;
  to?: string;
  status?: OrderStatus;
  employee_id?: string;
  customer_id?: string;
  store_id?: string;
  method?: PaymentMethod;
  number?: number;
}

export function toOrdersQuery(filters: OrderFilters, now: Date, timeZone: string): OrdersQuery {
  const days =
    filters.range === 'all'
      ? { from: null, to: null }
      : filters.range === 'custom'
        ? { from: filters.from, to: filters.to }
        : presetDays(filters.range, now, timeZone);
  return {
    ...dayRangeToInstants(days, timeZone),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.employeeId ? { employee_id: filters.employeeId } : {}),
    ...(filters.customerId ? { customer_id: filters.customerId } : {}),
    ...(filters.storeId ? { store_id: filters.storeId } : {}),
    ...(filters.method ? { method: filters.method } : {}),
    ...(filters.number !== null ? { number: filters.number } : {}),
  };
}
