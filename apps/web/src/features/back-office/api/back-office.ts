import { useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

export type BackOfficeSummary = ApiAnswer<'/api/back-office/summary'>;

/** GET /api/back-office/summary: what needs attention. Asked again on each visit. */
export function useBackOfficeSummary() {
  return useQuery({
    queryKey: ['back-office', 'summary'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/back-office/summary', { signal })),
    staleTime: 0,
  });
}
