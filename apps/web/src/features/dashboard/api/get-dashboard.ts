import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface DashboardFigures {
  netSales: number;
  transactions: number;
  averageSale: number;
  itemsSold: number;
  refunds: number;
}

/** GET /api/dashboard (camelCase like /api/orders); a part the actor may not see is null. */
export interface Dashboard {
  currency: string;
  timeZone: string;
  today: string;
  comparedWith: string;
  asOf: string;
  sales: {
    today: DashboardFigures;
    lastWeek: DashboardFigures;
    byHour: { hour: number; transactions: number; netSales: number }[];
    topProducts: { productId: string | null; name: string; units: number; netSales: number }[];
  } | null;
  lowStock: { productId: string; name: string; onHand: number; threshold: number }[] | null;
  /** Drawer sessions still open; null without cash_management or reports access. */
  openCashSessions: { id: string; registerName: string; openedByName: string; openingFloat: number; openedAt: string }[] | null;
  recentOrders: {
    id: string;
    number: number | null;
    status: string;
    total: number;
    refundedTotal: number;
    itemCount: number;
    customerName: string | null;
    paidAt: string;
  }[];
}

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => apiClient.get<Dashboard>('/api/dashboard', { signal }),
    // Today's takings move with every sale: a minute old at most, and refreshed while open.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
