import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { CustomersReport, InventoryReport, ProfitabilityReport, ReportQuery, SalesReport } from './types';

interface Reports {
  sales: SalesReport;
  inventory: InventoryReport;
  profitability: ProfitabilityReport;
  customers: CustomersReport;
}

export type ReportTab = keyof Reports;

/** The typed client's call for a tab: each tab is its own route with its own query. */
function fetchReport<T extends ReportTab>(tab: T, query: ReportQuery, deadStockDays: number | undefined, signal: AbortSignal): Promise<Reports[T]> {
  const period = { from: query.from, to: query.to };
  const call: Promise<{ data?: Reports[ReportTab] }> =
    tab === 'sales'
      ? api.GET('/api/analytics/sales', { params: { query }, signal })
      : tab === 'inventory'
        ? api.GET('/api/analytics/inventory', { params: { query: deadStockDays === undefined ? period : { ...period, dead_stock_days: deadStockDays } }, signal })
        : tab === 'profitability'
          ? api.GET('/api/analytics/profitability', { params: { query }, signal })
          : api.GET('/api/analytics/customers', { params: { query }, signal });
  return dataOf(call) as Promise<Reports[T]>;
}

export const analyticsQueryKey = ['analytics'] as const;

/** GET /api/analytics/{tab}: one tab's figures for a period (inventory also takes dead_stock_days, and no comparison). */
export function getReportQueryOptions<T extends ReportTab>(tab: T, query: ReportQuery, deadStockDays?: number) {
  const key = tab === 'inventory' ? { from: query.from, to: query.to, deadStockDays } : query;
  return queryOptions({
    queryKey: [...analyticsQueryKey, tab, key] as const,
    queryFn: ({ signal }) => fetchReport(tab, query, deadStockDays, signal),
    // Keep the last figures on screen while another period loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useReport<T extends ReportTab>(tab: T, query: ReportQuery, deadStockDays?: number) {
  return useQuery(getReportQueryOptions(tab, query, deadStockDays));
}
