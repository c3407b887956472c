import { comparisonRange, reportRangeProblem, type DayRange, type ReportComparison } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { insightRepository as repo, type Period } from './insight.repository.ts';

export interface ReportQuery {
  from: string;
  to: string;
  compare: ReportComparison;
  /** Compute from the order and refund lines rather than the daily rollups (not an HTTP parameter: the reference tests compare with). */
  fromLines?: boolean;
}

export interface ReportPeriods {
  currency: string;
  timeZone: string;
  period: Period;
  comparison: Period | null;
  range: DayRange;
  comparisonRange: DayRange | null;
}

/** 400 for a range that cannot be reported on (reversed, longer than two years, not a date). */
export function checkReportRange(query: ReportQuery): void {
  const problem = reportRangeProblem(query);
  if (problem) throw badRequest('invalid_range', problem);
  // The period it is compared with must be a usable one too (1900-01-01 has no previous period).
  const compared = comparisonRange(query, query.compare);
  const comparedProblem = compared && reportRangeProblem(compared);
  if (comparedProblem) throw badRequest('invalid_range', `The comparison period cannot be used: ${comparedProblem}`);
}

/** The business's currency and time zone, the period asked for and the one it is compared with. */
export async function loadReportPeriods(tx: Tx, businessId: string, query: ReportQuery): Promise<ReportPeriods> {
  const business = await repo.findBusiness(tx, businessId);
  if (!business) throw notFound('business_not_found', 'No business is set up for this account');
  const range = { from: query.from, to: query.to };
  const compared = comparisonRange(range, query.compare);
  return {
    currency: business.currency,
    timeZone: business.timeZone,
    range,
    comparisonRange: compared,
    period: { timeZone: business.timeZone, ...range, fromLines: query.fromLines },
    comparison: compared && { timeZone: business.timeZone, ...compared, fromLines: query.fromLines },
  };
}

/** Whole minor units for an average or a share of money; 0 when there is nothing to divide by. */
export const averageOf = (total: number, count: number) => (count > 0 ? Math.round(total / count) : 0);

/** A ratio rounded to 4 places, or null when the denominator is 0. */
export const ratioOf = (part: number, whole: number) => (whole !== 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
