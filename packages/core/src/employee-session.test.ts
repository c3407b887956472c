import { describe, it, expect } from 'vitest';
import { allEmployeePermissions } from './permissions.ts';
import {
  ACTIVITY_EVENTS,
  EMPLOYEE_INACTIVITY_TIMEOUT_MS,
  EMPLOYEE_SESSION_MAX_AGE_MS,
  employeeSessionShape,
  isEmployeeSessionExpired,
  isInactive,
} from './employee-session.ts';
import { employeeSessionSchema } from './contracts/employee-session.ts';
import { parseShape } from './shape.ts';

/** The zod schema (server) and the zod-free shape (the till, decision 058) give the same answers. */
const parsers: [string, (value: unknown) => unknown][] = [
  ['employeeSessionSchema', (value) => { const result = employeeSessionSchema.safeParse(value); return result.success ? result.data : null; }],
  ['employeeSessionShape', (value) => parseShape(employeeSessionShape, value)],
];

const valid = {
  employee_id: '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e44',
  employee_name: 'Dana Cashier',
  employee_role: 'cashier',
  permissions: { ...allEmployeePermissions(false), can_apply_discounts: true },
  login_time: '2025-03-03T09:00:00.000Z',
  token: 'opaque-session-token',
};

describe('constants (SPEC §4, §9)', () => {
  it('keeps a session for 8 hours', () => {
    expect(EMPLOYEE_SESSION_MAX_AGE_MS).toBe(28_800_000);
  });

  it('times out after 5 minutes of inactivity', () => {
    expect(EMPLOYEE_INACTIVITY_TIMEOUT_MS).toBe(300_000);
  });

  it('counts mouse, key, scroll, touch and click as activity', () => {
    expect(ACTIVITY_EVENTS).toEqual(['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click']);
  });
});

describe.each(parsers)('%s', (_parser, parse) => {
  it('accepts a well-formed session', () => {
    expect(parse(valid)).toEqual(valid);
  });

  it.each(['business_owner', 'admin', 'manager', 'cashier', 'kitchen'])('accepts role %s', (employee_role) => {
    expect(parse({ ...valid, employee_role })).not.toBeNull();
  });

  it('accepts a login time with an offset', () => {
    expect(parse({ ...valid, login_time: '2025-03-03T10:00:00+01:00' })).not.toBeNull();
  });

  it('drops unknown fields', () => {
    expect(parse({ ...valid, pin: '1234' })).toEqual(valid);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a non-uuid employee_id', { employee_id: '42' }],
    ['an empty employee_name', { employee_name: '' }],
    ['an unknown role', { employee_role: 'owner' }],
    ['a missing permission flag', { permissions: { ...allEmployeePermissions(true), can_access_settings: undefined } }],
    ['a non-boolean permission flag', { permissions: { ...allEmployeePermissions(false), can_process_refunds: 'yes' } }],
    ['permissions that are not an object', { permissions: null }],
    ['a login_time that is not ISO', { login_time: 'March 3, 2025 09:00' }],
    ['a login_time without a zone', { login_time: '2025-03-03T09:00:00' }],
    ['a login_time without seconds', { login_time: '2025-03-03T09:00Z' }],
    ['an impossible date', { login_time: '2025-02-30T09:00:00Z' }],
    ['a non-string name', { employee_name: 7 }],
    ['a missing token', { token: undefined }],
    ['an empty token', { token: '' }],
    ['a missing employee_id', { employee_id: undefined }],
  ])('rejects %s', (_name, patch) => {
    expect(parse({ ...valid, ...patch })).toBeNull();
  });
});

describe('isEmployeeSessionExpired (older than 8 hours)', () => {
  const session = { login_time: '2025-03-03T09:00:00.000Z' };

  it.each<[string, string, boolean]>([
    ['at login', '2025-03-03T09:00:00.000Z', false],
    ['after 7 h 59 min', '2025-03-03T16:59:00.000Z', false],
    ['at exactly 8 h', '2025-03-03T17:00:00.000Z', false],
    ['1 ms past 8 h', '2025-03-03T17:00:00.001Z', true],
    ['the next morning', '2025-03-04T08:00:00.000Z', true],
    ['before login (clock skew)', '2025-03-03T08:55:00.000Z', false],
  ])('%s -> %s', (_name, now, expected) => {
    expect(isEmployeeSessionExpired(session, new Date(now))).toBe(expected);
  });

  it('compares instants, not wall-clock text', () => {
    expect(isEmployeeSessionExpired({ login_time: '2025-03-03T10:00:00+01:00' }, new Date('2025-03-03T17:00:00.000Z'))).toBe(false);
    expect(isEmployeeSessionExpired({ login_time: '2025-03-03T10:00:00+01:00' }, new Date('2025-03-03T17:00:01.000Z'))).toBe(true);
  });

  it('treats an unreadable login time as expired', () => {
    expect(isEmployeeSessionExpired({ login_time: 'yesterday' }, new Date('2025-03-03T09:00:00.000Z'))).toBe(true);
  });
});

describe('isInactive (5 minutes)', () => {
  const last = Date.parse('2025-03-03T09:00:00.000Z');

  it.each<[string, number, boolean]>([
    ['just active', last, false],
    ['after 4 min 59.999 s', last + 299_999, false],
    ['at exactly 5 min', last + 300_000, true],
    ['after 6 min', last + 360_000, true],
    ['with a clock that went back', last - 60_000, false],
  ])('%s -> %s', (_name, now, expected) => {
    expect(isInactive(last, now)).toBe(expected);
  });
});
