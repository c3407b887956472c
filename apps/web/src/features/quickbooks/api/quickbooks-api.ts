import type { QuickbooksDay, QuickbooksExportFormat, QuickbooksMapping, QuickbooksMappingInput } from '@till/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface MappingView {
  mapping: QuickbooksMapping | null;
  updatedAt: string | null;
  updatedBy: string | null;
  categories: string[];
  taxRates: number[];
}

export interface DaysView {
  from: string;
  to: string;
  mapped: boolean;
  truncated: boolean;
  days: QuickbooksDay[];
}

export const quickbooksKey = ['quickbooks'] as const;

/** GET /api/quickbooks/mapping: the saved mapping (or null) and what there is to map. */
export function useQuickbooksMapping() {
  return useQuery({
    queryKey: [...quickbooksKey, 'mapping'] as const,
    queryFn: ({ signal }) => apiClient.get<MappingView>('/api/quickbooks/mapping', { signal }),
  });
}

export function useSaveQuickbooksMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: QuickbooksMappingInput) => apiClient.put<{ mapping: QuickbooksMapping }>('/api/quickbooks/mapping', mapping),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickbooksKey }),
  });
}

/** GET /api/quickbooks/days: closed Z reports of a range of days with their journal entries. */
export function useQuickbooksDays(range: { from?: string | undefined; to?: string | undefined }) {
  return useQuery({
    queryKey: [...quickbooksKey, 'days', range] as const,
    queryFn: ({ signal }) => apiClient.get<DaysView>('/api/quickbooks/days', { query: { from: range.from, to: range.to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export type ExportRequest = { format: QuickbooksExportFormat } & ({ sessionIds: string[] } | { from: string; to: string });

/** POST /api/quickbooks/exports: the file, saved the way the browser saves downloads; marks the days exported. */
export function useExportJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const { blob, fileName } = await apiClient.downloadPost('/api/quickbooks/exports', request);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? `quickbooks-journal.${request.format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...quickbooksKey, 'days'] }),
  });
}
