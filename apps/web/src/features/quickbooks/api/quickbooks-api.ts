import type { QuickbooksExportFormat, QuickbooksMappingBody } from '@till/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, fileOf, type ApiAnswer } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** The QuickBooks routes' answers, named for the components: the server's route schemas, never copies. */
export type MappingView = ApiAnswer<'/api/quickbooks/mapping'>;
export type DaysView = ApiAnswer<'/api/quickbooks/days'>;

export const quickbooksKey = ['quickbooks'] as const;

/** GET /api/quickbooks/mapping: the saved mapping (or null) and what there is to map. */
export function useQuickbooksMapping() {
  return useQuery({
    queryKey: [...quickbooksKey, 'mapping'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/quickbooks/mapping', { signal })),
  });
}

export function useSaveQuickbooksMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: QuickbooksMappingBody) => dataOf(api.PUT('/api/quickbooks/mapping', { body: mapping })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickbooksKey }),
  });
}

/** GET /api/quickbooks/days: closed Z reports of a range of days with their journal entries. */
export function useQuickbooksDays(range: { from?: string | undefined; to?: string | undefined }) {
  return useQuery({
    queryKey: [...quickbooksKey, 'days', range] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/quickbooks/days', { params: { query: { from: range.from, to: range.to } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export type ExportRequest = { format: QuickbooksExportFormat } & ({ session_ids: string[] } | { from: string; to: string });

/** POST /api/quickbooks/exports: the file, saved the way the browser saves downloads; marks the days exported. */
export function useExportJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      const { blob, fileName } = await fileOf(api.POST('/api/quickbooks/exports', { body: request, parseAs: 'blob' }));
      saveFile(blob, fileName ?? `quickbooks-journal.${request.format}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...quickbooksKey, 'days'] }),
  });
}
