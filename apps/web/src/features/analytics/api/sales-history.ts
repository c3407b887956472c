import { canOpenPage } from '@till/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { useEmployeeSession } from '@/lib/employee-session';
import { buildGuardContext } from '@/lib/guard-context';
import { useMe } from '@/lib/me';
import { uploadWithProgress } from '@/lib/upload';
import { analyticsQueryKey } from './get-report';

export type HistoryPreview = ApiAnswer<'/api/sales-history/preview', 'post'>;
export type HistoryPreviewInput = ApiBody<'/api/sales-history/preview'>;
export type HistoryImportInput = ApiBody<'/api/sales-history/import'>;
export type HistoryImportResult = ApiAnswer<'/api/sales-history/import', 'post'>;
export type HistoryMapping = HistoryImportInput['mapping'];
export type HistoryRowProblem = NonNullable<HistoryPreview['check']>['errors'][number];

/** POST /api/sales-history/preview: headers, the guessed mapping, the first rows and the check. Writes nothing. */
export function previewSalesHistory(input: HistoryPreviewInput): Promise<HistoryPreview> {
  return dataOf(api.POST('/api/sales-history/preview', { body: input }));
}

/** POST /api/sales-history/import, reporting how much of the file has gone up. */
export function importSalesHistory({ input, onProgress }: { input: HistoryImportInput; onProgress: (percent: number) => void }): Promise<HistoryImportResult> {
  return uploadWithProgress<HistoryImportResult>('/api/sales-history/import', { body: JSON.stringify(input), contentType: 'application/json', onUploadProgress: onProgress });
}

export function usePreviewSalesHistory() {
  return useMutation({ mutationFn: previewSalesHistory });
}

export function useImportSalesHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSalesHistory,
    onSuccess: async () => {
      // Every figure built from sales changes: reports, the dashboard, the AI modules, the lists.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['ai-modules'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]);
    },
  });
}

/** The rows an import_rejected answer lists, if this error is one. */
export function rejectedRows(error: unknown): { rows: HistoryRowProblem[]; total: number } | null {
  if (!isApiError(error) || error.code !== 'import_rejected') return null;
  const rows = Array.isArray(error.details['rows']) ? (error.details['rows'] as HistoryRowProblem[]) : [];
  const total = typeof error.details['total_errors'] === 'number' ? error.details['total_errors'] : rows.length;
  return { rows, total };
}

/** The server's rule, shown ahead: analytics is open already; importing needs the settings page too (SPEC §6). */
export function useCanImportHistory(): boolean {
  const { data: me } = useMe();
  const employeeSession = useEmployeeSession();
  if (!employeeSession) return true;
  return canOpenPage('/settings', buildGuardContext({ me, meLoading: false, superAdminStatus: false, employeeSession }), employeeSession.employee_role);
}
