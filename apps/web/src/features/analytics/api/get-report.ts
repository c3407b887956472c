import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CustomersReport, InventoryReport, ProfitabilityReport, ReportQuery, SalesReport } from './types';

interface Reports {
  sales: SalesReport;
  inventory: InventoryReport;
  profitability: ProfitabilityReport;
  customers: CustomersReport;
}

export type ReportTab = keyof Reports;

export const analyticsQueryKey = ['analytics'] as const;

/** GET /api/analytics/{tab}: one tab's figures for a period (inventory also takes deadStockDays). */
export function getReportQueryOptions<T extends ReportTab>(tab: T, query: ReportQuery, extra: Record<string, string | number> = {}) {
  const params = tab === 'inventory' ? { from: query.from, to: query.to, ...extra } : { ...query, ...extra };
  return queryOptions({
    queryKey: [...analyticsQueryKey, tab, params] as const,
    queryFn: ({ signal }) => apiClient.get<Reports[T]>(`/api/analytics/${tab}`, { query: params, signal }),
    // Keep the last figures on screen while another period loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useReport<T extends ReportTab>(tab: T, query: ReportQuery, extra?: Record<string, string | number>) {
  return useQuery(getReportQueryOptions(tab, query, extra));
}
