import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';

/** The platform's look, as the sign-in page shows it (no sign-in needed). */
export function usePublicBranding() {
  return useQuery({
    queryKey: ['public-branding'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/branding', { signal })),
    select: (answer) => answer.branding,
    staleTime: 60_000,
  });
}
