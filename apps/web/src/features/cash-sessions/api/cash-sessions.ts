import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashMovementBody, CloseCashSessionBody, OpenCashSessionBody } from '@till/core';
import { withoutEmployeeSession } from '@/lib/api-client';
import { api, dataOf, fileOf, type ApiAnswer } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/**
 * The cash drawer API (issue 12), through the typed client: every shape here is the server's
 * route schema (requests and the report come from packages/core cash-sessions.ts on both sides),
 * in snake_case on the wire (decision 070).
 */
export type CurrentDrawer = ApiAnswer<'/api/cash-sessions/current'>;
export type SessionView = ApiAnswer<'/api/cash-sessions', 'post'>;
export type CashReportView = ApiAnswer<'/api/cash-sessions/{id}/report'>;

export interface SessionFilters {
  registerId?: string | undefined;
  employeeId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  variance?: 'over' | 'short' | 'balanced' | undefined;
  status?: 'open' | 'closed' | undefined;
}

/** The filters the server takes, without the keys a picker left empty. */
function definedOnly<T extends object>(filters: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

const toQuery = ({ registerId, employeeId, ...rest }: SessionFilters) => ({ register_id: registerId, employee_id: employeeId, ...rest });

export const cashSessionsQueryKey = ['cash-sessions'] as const;
const currentKey = (registerId: string | null) => [...cashSessionsQueryKey, 'current', registerId ?? 'this-till'] as const;

/** GET /api/cash-sessions/current: this till's drawer, or from the back office a chosen register's. */
export function useCurrentDrawer(registerId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: currentKey(registerId),
    queryFn: ({ signal }) => dataOf(api.GET('/api/cash-sessions/current', { params: { query: registerId ? { register_id: registerId } : {} }, signal })),
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
      dataOf(api.GET('/api/cash-sessions', { params: { query: { ...definedOnly(toQuery(filters)), limit: 100 } }, signal })),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    retry: false,
  });
}

export function useCashReport(sessionId: string | undefined) {
  return useQuery({
    queryKey: [...cashSessionsQueryKey, 'report', sessionId],
    queryFn: ({ signal }) => fetchCashReport(sessionId!, signal),
    enabled: Boolean(sessionId),
    retry: false,
  });
}

/** Several reports at once (the comparison of days). */
export function fetchCashReport(sessionId: string, signal?: AbortSignal) {
  return dataOf(api.GET('/api/cash-sessions/{id}/report', { params: { path: { id: sessionId } }, ...(signal ? { signal } : {}) }));
}

/**
 * Refetches the drawer without waiting for it: the form that made the change unmounts once the
 * refetched drawer shows it (a closed drawer has no close form), and its own callbacks must
 * still run (show the Z, close the dialog).
 */
function useInvalidateDrawer() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: cashSessionsQueryKey });
  };
}

export function useOpenDrawer() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: (input: OpenCashSessionBody) => dataOf(api.POST('/api/cash-sessions', { body: input })),
    onSuccess: invalidate,
  });
}

export function useRecordMovement() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: ({ sessionId, ...input }: CashMovementBody & { sessionId: string }) =>
      dataOf(api.POST('/api/cash-sessions/{id}/movements', { params: { path: { id: sessionId } }, body: input })),
    onSuccess: invalidate,
  });
}

export function useCloseDrawer() {
  const invalidate = useInvalidateDrawer();
  return useMutation({
    mutationFn: ({ sessionId, ...input }: CloseCashSessionBody & { sessionId: string }) =>
      dataOf(api.POST('/api/cash-sessions/{id}/close', { params: { path: { id: sessionId } }, body: input })),
    onSuccess: invalidate,
  });
}

/** Saves a report file (pdf, csv, escpos) the way the browser saves downloads. */
export async function downloadReport(sessionId: string, format: 'pdf' | 'csv' | 'escpos', page: 'a4' | 'receipt-80mm' = 'a4') {
  const { blob, fileName } = await fileOf(
    api.GET('/api/cash-sessions/{id}/report/{format}', {
      params: { path: { id: sessionId, format }, query: format === 'pdf' ? { page } : {} },
      parseAs: 'blob',
    }),
  );
  saveFile(blob, fileName ?? `z-report.${format === 'escpos' ? 'bin' : format}`);
}

/** The employees who can approve a difference (manager, admin, owner), for the approval picker. */
export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: [...cashSessionsQueryKey, 'approvers'],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/employee-login/employees', { headers: withoutEmployeeSession, signal })),
    enabled,
    staleTime: 60_000,
  });
}
