import { describe, expect, it } from 'vitest';
import { isPinLongEnough, minimumPinLength, PIN_PATTERN } from './employee-pins.ts';
import type { EmployeeRole } from './permissions.ts';

describe('minimumPinLength', () => {
  it.each<[EmployeeRole, number]>([
    ['business_owner', 6],
    ['admin', 6],
    ['manager', 4],
    ['cashier', 4],
    ['kitchen', 4],
  ])('%s needs %i digits', (role, digits) => {
    expect(minimumPinLength(role)).toBe(digits);
  });

  it.each<[EmployeeRole, string, boolean]>([
    ['business_owner', '1234', false],
    ['business_owner', '12345', false],
    ['business_owner', '123456', true],
    ['admin', '98765', false],
    ['admin', '987654', true],
    ['cashier', '1234', true],
    ['manager', '12345', true],
  ])('%s with %s is long enough: %s', (role, pin, expected) => {
    expect(isPinLongEnough(role, pin)).toBe(expected);
  });

  it.each([['123', false], ['1234', true], ['123456', true], ['1234567', false], ['12a4', false]])('PIN_PATTERN %s → %s', (pin, ok) => {
    expect(PIN_PATTERN.test(pin as string)).toBe(ok);
  });
});
