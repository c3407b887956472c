import { useQuery } from '@tanstack/react-query';
import type { EmployeeSession } from '@till/core';
import { apiClient } from '@/lib/api-client';
import { actorKey, type StoredEmployeeSession } from '@/lib/employee-session';

type CurrentSession = Omit<EmployeeSession, 'token'> & { admin_permissions?: StoredEmployeeSession['admin_permissions'] };

/** GET /api/employee-sessions/current: the session as the server sees it now (role, flags). */
export async function getCurrentEmployeeSession({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentSession> {
  const response = await apiClient.get<{ session: CurrentSession }>('/api/employee-sessions/current', signal ? { signal } : {});
  return response.session;
}

export function useCurrentEmployeeSession(session: StoredEmployeeSession | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['employee-sessions', 'current', actorKey(session)],
    queryFn: ({ signal }) => getCurrentEmployeeSession({ signal }),
    enabled: enabled && session !== null,
    retry: false,
  });
}
