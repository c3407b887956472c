import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashMovementInput, CashReport, CashSessionSummary, CloseCashSessionInput, OpenCashSessionInput } from '@till/core';
import { apiClient } from '@/lib/api-client';

/**
 * The cash drawer API (issue 12). Request and report shapes come from the one contract in
 * packages/core (cash-sessions.ts): the server declares the same schemas on its routes.
 */
export interface CurrentDrawer {
  register: { id: string; name: string };
  session: { id: string; openedAt: string; openedBy: string; openingFloat: number; openedByEmployeeId: string | null } | null;
  report: CashReport | null;
  currency: string;
  varianceThreshold: number;
  cashiersCloseOwnSession: boolean;
}

export interface SessionView {
  id: string;
  registerId: string;
  status: 'open' | 'closed';
  openingFloat: number;
  openedAt: string;
  openedBy: string;
}

export interface SessionFilters {
  registerId?: string | undefined;
  employeeId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  variance?: 'over' | 'short' | 'balanced' | undefined;
  status?: 'open' | 'closed' | undefined;
}

export const cashSessionsQueryKey = ['cash-sessions'] as const;
const currentKey = (registerId: string | null) => [...cashSessionsQueryKey, 'current', registerId ?? 'this-till'] as const;

/** GET /api/cash-sessions/current: this till's drawer, or from the back office a chosen register's. */
export function useCurrentDrawer(registerId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: currentKey(registerId),
    queryFn: ({ signal }) => apiClient.get<CurrentDrawer>('/api/cash-sessions/current', { query: { registerId: registerId ?? undefined }, signal }),
    enabled: options.enabled ?? true,
    // Sales at this till move the X report: refresh while the page is open.
    refetchInterval: 30_000,
    retry: false,
  });
}

export function useSessions(filters: SessionFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...cashSessionsQueryKey, 'list', filters],
    queryFn: ({ signal }) =>
      apiClient.get<{ sessions: CashSessionSummary[]; registers: { id: string; name: string }[]; nextCursor: string | null }>('/api/cash-sessions', {
        query: { ...filters, limit: 100 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    retry: false,
  });
}

export function useCashReport(sessionId: string | undefined) {
  return useQuery({
    queryKey: [...cashSessionsQueryKey, 'report', sessionId],
    queryFn: ({ signal }) => apiClient.get<CashReport>(`/api/cash-sessions/${encodeURIComponent(sessionId!)}/report`, { signal }),
    enabled: Boolean(sessionId),
    retry: false,
  });
}

/** Several reports at once (the comparison of days). */
export function fetchCashReport(sessionId: string, signal?: AbortSignal) {
  return apiClient.get<CashReport>(`/api/cash-sessions/${encodeURIComponent(sessionId)}/report`, signal ? { signal } : {});
}

function useInvalidateDrawer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cashSessionsQueryKey });
}

export function useOpenDrawer() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: (input: OpenCashSessionInput) => apiClient.post<SessionView>('/api/cash-sessions', input),
    onSuccess: invalidate,
  });
}

export function useRecordMovement() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: ({ sessionId, ...input }: CashMovementInput & { sessionId: string }) =>
      apiClient.post<{ id: string; kind: string; amount: number }>(`/api/cash-sessions/${encodeURIComponent(sessionId)}/movements`, input),
    onSuccess: invalidate,
  });
}

export function useCloseDrawer() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: ({ sessionId, ...input }: CloseCashSessionInput & { sessionId: string }) =>
      apiClient.post<CashReport>(`/api/cash-sessions/${encodeURIComponent(sessionId)}/close`, input),
    onSuccess: invalidate,
  });
}

/** Saves a report file (pdf, csv, escpos) the way the browser saves downloads. */
export async function downloadReport(sessionId: string, format: 'pdf' | 'csv' | 'escpos', page: 'a4' | 'receipt-80mm' = 'a4') {
  const { blob, fileName } = await apiClient.download(`/api/cash-sessions/${encodeURIComponent(sessionId)}/report/${format}`, {
    query: format === 'pdf' ? { page } : {},
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? `z-report.${format === 'escpos' ? 'bin' : format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The employees who can approve a difference (manager, admin, owner), for the approval picker. */
export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: [...cashSessionsQueryKey, 'approvers'],
    queryFn: ({ signal }) =>
      apiClient.get<{ employees: { id: string; full_name: string; role: string }[] }>('/api/employee-login/employees', { signal, employeeSession: 'omit' }),
    enabled,
    staleTime: 60_000,
  });
}
