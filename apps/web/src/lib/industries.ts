import { INDUSTRIES, type Industry } from '@till/core';

export const INDUSTRY_LABELS: Record<Industry, string> = {
  retail: 'Retail',
  restaurant: 'Restaurant',
  mechanics: 'Mechanics',
};

export const INDUSTRY_OPTIONS = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));

export function isIndustry(value: unknown): value is Industry {
  return typeof value === 'string' && (INDUSTRIES as readonly string[]).includes(value);
}

/** Label for a stored industry value; unknown values are shown as stored rather than hidden. */
export function industryLabel(value: string | null | undefined): string {
  if (!value) return 'Not set';
  return isIndustry(value) ? INDUSTRY_LABELS[value] : value;
}
