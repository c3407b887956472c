import { PAYMENT_METHODS } from '@till/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../api/types';
import { DATE_PRESETS } from './date-range';
import {
  EMPTY_ORDER_FILTERS,
  hasActiveFilters,
  parseOrderFilters,
  parseOrderNumber,
  serializeOrderFilters,
  toOrdersQuery,
  type OrderFilters,
} from './order-filters';

const EMPLOYEE = '3f2b6a1e-9c7d-4e5f-8a1b-2c3d4e5f6a7b';
const CUSTOMER = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe('parseOrderFilters', () => {
  it('reads an empty query string as no filters', () => {
    expect(parse('')).toEqual(EMPTY_ORDER_FILTERS);
    expect(hasActiveFilters(parse(''))).toBe(false);
  });

  it('reads every filter', () => {
    expect(parse(`range=custom&from=2025-03-01&to=2025-03-31&status=partially_refunded&method=card&employeeId=${EMPLOYEE}&customerId=${CUSTOMER}&storeId=${EMPLOYEE}&number=42`)).toEqual({
      range: 'custom',
      from: '2025-03-01',
      to: '2025-03-31',
      status: 'partially_refunded',
      method: 'card',
      employeeId: EMPLOYEE,
      customerId: CUSTOMER,
      storeId: EMPLOYEE,
      number: 42,
    });
  });

  it('drops what the API would refuse instead of sending it', () => {
    expect(parse('status=lost&method=bitcoin&employeeId=abc&customerId=1&number=0&range=forever')).toEqual(EMPTY_ORDER_FILTERS);
    expect(parse('range=custom&from=2025-02-30&to=yesterday')).toEqual({ ...EMPTY_ORDER_FILTERS, range: 'custom' });
  });

  it('treats days without a range name as a custom range, and ignores days beside a preset', () => {
    expect(parse('from=2025-03-01')).toMatchObject({ range: 'custom', from: '2025-03-01', to: null });
    expect(parse('range=today&from=2025-03-01')).toMatchObject({ range: 'today', from: null, to: null });
  });
});

describe('parseOrderNumber', () => {
  it.each([
    ['1042', 1042],
    ['#1042', 1042],
    [' # 7 ', 7],
    ['0', null],
    ['1.5', null],
    ['-3', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('%j → %j', (text, expected) => {
    expect(parseOrderNumber(text)).toBe(expected);
  });
});

describe('serializeOrderFilters', () => {
  it('writes only what differs from no filters, in a fixed order', () => {
    expect(serializeOrderFilters(EMPTY_ORDER_FILTERS).toString()).toBe('');
    expect(serializeOrderFilters({ ...EMPTY_ORDER_FILTERS, number: 12, method: 'cash', range: '7d' }).toString()).toBe('range=7d&method=cash&number=12');
  });

  it('keeps a custom range open-ended when a day is missing', () => {
    expect(serializeOrderFilters({ ...EMPTY_ORDER_FILTERS, range: 'custom', from: '2025-03-01' }).toString()).toBe('range=custom&from=2025-03-01');
  });

  const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  const filtersArbitrary: fc.Arbitrary<OrderFilters> = fc
    .record({
      range: fc.constantFrom('all', 'custom', ...DATE_PRESETS),
      from: fc.option(day, { nil: null }),
      to: fc.option(day, { nil: null }),
      status: fc.option(fc.constantFrom(...ORDER_STATUSES), { nil: null }),
      employeeId: fc.option(fc.uuid(), { nil: null }),
      method: fc.option(fc.constantFrom(...PAYMENT_METHODS), { nil: null }),
      customerId: fc.option(fc.uuid(), { nil: null }),
      storeId: fc.option(fc.uuid(), { nil: null }),
      number: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
    })
    .map((filters) => (filters.range === 'custom' ? filters : { ...filters, from: null, to: null }));

  it('parses back to the same filters (property)', () => {
    fc.assert(
      fc.property(filtersArbitrary, (filters) => {
        expect(parseOrderFilters(serializeOrderFilters(filters))).toEqual(filters);
      }),
    );
  });
});

describe('toOrdersQuery', () => {
  const now = new Date('2025-03-10T03:00:00Z'); // Sunday evening in Los Angeles

  it('asks for everything without filters', () => {
    expect(toOrdersQuery(EMPTY_ORDER_FILTERS, now, 'America/Los_Angeles')).toEqual({});
  });

  it('resolves a preset in the business time zone', () => {
    expect(toOrdersQuery({ ...EMPTY_ORDER_FILTERS, range: 'today', method: 'card' }, now, 'America/Los_Angeles')).toEqual({
      from: '2025-03-09T08:00:00.000Z',
      to: '2025-03-10T07:00:00.000Z',
      method: 'card',
    });
    expect(toOrdersQuery({ ...EMPTY_ORDER_FILTERS, range: 'today' }, now, 'UTC')).toEqual({
      from: '2025-03-10T00:00:00.000Z',
      to: '2025-03-11T00:00:00.000Z',
    });
  });

  it('passes the other filters through', () => {
    expect(
      toOrdersQuery(
        { ...EMPTY_ORDER_FILTERS, range: 'custom', from: '2025-03-01', status: 'refunded', employeeId: EMPLOYEE, customerId: CUSTOMER, number: 9 },
        now,
        'UTC',
      ),
    ).toEqual({ from: '2025-03-01T00:00:00.000Z', status: 'refunded', employee_id: EMPLOYEE, customer_id: CUSTOMER, number: 9 });
  });
});
