import { useMutation } from '@tanstack/react-query';
import { api, fileOf } from '@/lib/api';
import type { TimeEntriesRange } from './get-time-entries';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/time-clock/export.csv, fetched (so the employee header goes with it) and handed to
 * the browser as a download.
 */
export async function exportTimeEntries(range: TimeEntriesRange): Promise<string> {
  const { blob, fileName } = await fileOf(api.GET('/api/time-clock/export.csv', { params: { query: range }, parseAs: 'blob' }));
  const name = fileName ?? `time-clock-${range.from}-to-${range.to}.csv`;
  saveFile(blob, name);
  return name;
}

export function useExportTimeEntries() {
  return useMutation({ mutationFn: exportTimeEntries });
}
