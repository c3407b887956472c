import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, isApiErrorCode } from './error-codes.ts';

describe('API_ERROR_CODES', () => {
  it('holds each code once, in snake_case, sorted so a new one has one place to go', () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect([...API_ERROR_CODES]).toEqual([...API_ERROR_CODES].sort());
  });

  it.each([
    ['validation_error', true],
    ['insufficient_stock', true],
    ['employee_session_expired', true],
    ['Validation_Error', false],
    ['no_such_code', false],
    ['', false],
    [42, false],
    [null, false],
  ] as const)('isApiErrorCode(%j) is %s', (code, known) => {
    expect(isApiErrorCode(code)).toBe(known);
  });
});
