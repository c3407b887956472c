import { z } from 'zod';

/**
 * Dates a person or a till may send: years 1900 to 9999. PostgreSQL has no year 0, JavaScript
 * dates stop at 275760, and nothing a shop records lies outside this range (issue 9 item 5).
 */
export const MIN_INPUT_YEAR = 1900;
export const MAX_INPUT_YEAR = 9999;
export const DATE_RANGE_MESSAGE = `Use a date between the years ${MIN_INPUT_YEAR} and ${MAX_INPUT_YEAR}`;

export function isYearInRange(isoText: string): boolean {
  const year = Number(/^(\d{4})-/.exec(isoText)?.[1]);
  return Number.isInteger(year) && year >= MIN_INPUT_YEAR && year <= MAX_INPUT_YEAR;
}

/** An instant with its offset, e.g. 2026-11-24T07:30:00Z. */
export const isoInstantInput = () => z.iso.datetime({ offset: true }).refine(isYearInRange, DATE_RANGE_MESSAGE);

/** A calendar day, e.g. 2026-11-24. */
export const isoDateInput = () => z.iso.date().refine(isYearInRange, DATE_RANGE_MESSAGE);
