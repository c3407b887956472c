import { useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { actorKey, type StoredEmployeeSession } from '@/lib/employee-session';

type CurrentSession = ApiAnswer<'/api/employee-sessions/current'>['session'];

/** GET /api/employee-sessions/current: the session as the server sees it now (role, flags). */
export async function getCurrentEmployeeSession({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentSession> {
  const response = await dataOf(api.GET('/api/employee-sessions/current', signal ? { signal } : {}));
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
