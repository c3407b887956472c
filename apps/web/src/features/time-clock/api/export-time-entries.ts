import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { TimeEntriesRange } from './get-time-entries';

/**
 * GET /api/time-clock/export.csv, fetched (so the employee header goes with it) and handed to
 * the browser as a download.
 */
export async function exportTimeEntries(range: TimeEntriesRange): Promise<string> {
  const { blob, fileName } = await apiClient.download('/api/time-clock/export.csv', { query: { ...range } });
  const name = fileName ?? `time-clock-${range.from}-to-${range.to}.csv`;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export function useExportTimeEntries() {
  return useMutation({ mutationFn: exportTimeEntries });
}
