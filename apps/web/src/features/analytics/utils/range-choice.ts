import { presetRange, REPORT_COMPARISONS, REPORT_PRESETS, reportRangeProblem, type ReportComparison, type ReportPreset } from '@till/core';

export interface RangeChoice {
  preset: ReportPreset | 'custom';
  from: string;
  to: string;
  compare: ReportComparison;
}

export const DEFAULT_PRESET: ReportPreset = 'last_30_days';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period in the address: `from` and `to` when both are a usable range, else `preset`, else
 * the last 30 days; `compare` defaults to the previous period. `today` is the business's local date.
 */
export function readRangeChoice(params: URLSearchParams, today: string): RangeChoice {
  const compareParam = params.get('compare');
  const compare = (REPORT_COMPARISONS as readonly string[]).includes(compareParam ?? '') ? (compareParam as ReportComparison) : 'previous';
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && DATE.test(from) && DATE.test(to) && !reportRangeProblem({ from, to })) return { preset: 'custom', from, to, compare };
  const presetParam = params.get('preset');
  const preset = (REPORT_PRESETS as readonly string[]).includes(presetParam ?? '') ? (presetParam as ReportPreset) : DEFAULT_PRESET;
  return { preset, ...presetRange(preset, today), compare };
}
