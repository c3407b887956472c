import { describe, expect, it } from 'vitest';
import { isoDateInput, isoInstantInput } from './date-input.ts';

describe('date inputs keep to years 1900–9999', () => {
  it.each([
    ['2026-11-24T07:30:00Z', true],
    ['2026-11-24T07:30:00+05:30', true],
    ['1900-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0000-01-01T00:00:00Z', false],
    ['0001-01-01T00:00:00Z', false],
    ['1899-12-31T23:59:59Z', false],
    ['2026-11-24', false],
  ])('instant %s → %s', (text, ok) => {
    expect(isoInstantInput().safeParse(text).success).toBe(ok);
  });
  it.each([
    ['2026-11-24', true],
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['2026-02-30', false],
    ['9999-12-31', true],
  ])('day %s → %s', (text, ok) => {
    expect(isoDateInput().safeParse(text).success).toBe(ok);
  });
});
