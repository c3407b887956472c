import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';

/** GET /api/super-admin/status: the server's is_super_admin answer for the signed-in account. */
export function getSuperAdminStatus({ signal }: { signal?: AbortSignal } = {}): Promise<{ is_super_admin: boolean }> {
  return dataOf(api.GET('/api/super-admin/status', signal ? { signal } : {}));
}

export function getSuperAdminStatusQueryOptions(userId: string | null) {
  return queryOptions({
    // Per account: a different sign-in in this tab must not reuse the answer.
    queryKey: ['super-admin-status', userId],
    queryFn: ({ signal }) => getSuperAdminStatus({ signal }),
  });
}

export function useSuperAdminStatus(userId: string | null, enabled: boolean) {
  return useQuery({ ...getSuperAdminStatusQueryOptions(userId), enabled: enabled && userId !== null });
}
