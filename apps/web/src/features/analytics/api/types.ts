import type { ReportComparison } from '@till/core';
import type { ApiAnswer } from '@/lib/api';

/** A period, as the analytics endpoints take it. */
export interface ReportRange {
  from: string;
  to: string;
}

export interface ReportQuery extends ReportRange {
  compare: ReportComparison;
}

/** The analytics endpoints' answers (GET /api/analytics/*), as their route schemas say. */
export type SalesReport = ApiAnswer<'/api/analytics/sales'>;
export type SalesSummary = SalesReport['summary'];
export type ProfitabilityReport = ApiAnswer<'/api/analytics/profitability'>;
export type MarginFigures = ProfitabilityReport['summary'];
export type InventoryReport = ApiAnswer<'/api/analytics/inventory'>;
export type CustomersReport = ApiAnswer<'/api/analytics/customers'>;
export type CustomersSummary = CustomersReport['summary'];
