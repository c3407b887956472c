import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { forgetCachedMe, meQueryKey } from '@/lib/me';

/** A paired till as Settings → Tills lists it (GET /api/registers). */
export interface PairedTill {
  id: string;
  name: string;
  store_id: string;
  store_name: string;
  paired_at: string | null;
  last_seen_at: string | null;
  is_this_device: boolean;
}

export interface PairingCode {
  code: string;
  expires_at: string;
}

const registersQueryKey = ['registers'] as const;

/** `waitingForPairing`: a code is on screen, so the new till shows up within seconds of being paired. */
export function useRegisters({ waitingForPairing = false }: { waitingForPairing?: boolean } = {}) {
  return useQuery({
    queryKey: registersQueryKey,
    queryFn: ({ signal }) => apiClient.get<{ registers: PairedTill[] }>('/api/registers', { signal }).then((response) => response.registers),
    // "Last seen" moves while the page is open.
    refetchInterval: waitingForPairing ? 3_000 : 60_000,
  });
}

/** POST /api/registers/pairing-codes: a one-time code for the device that is to become a till. */
export function useCreatePairingCode() {
  return useMutation({ mutationFn: () => apiClient.post<PairingCode>('/api/registers/pairing-codes') });
}

export function useRevokeRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ ended_sessions: number }>(`/api/registers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registersQueryKey }),
  });
}

/**
 * After pairing, this browser is a till with no account: whatever was cached for the account
 * (its /api/me, its pages) must not be shown again.
 */
function becomeTill(queryClient: ReturnType<typeof useQueryClient>) {
  forgetCachedMe();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** POST /api/registers/pair: a code from Settings makes this device a till. */
export function usePairWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; name: string }) =>
      apiClient.post<{ register: { id: string; name: string } }>('/api/registers/pair', input, { employeeSession: 'omit' }),
    onSuccess: () => becomeTill(queryClient),
  });
}

/** POST /api/registers/pair-this-browser: the owner turns this browser into a till and is signed out of it. */
export function usePairThisBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => apiClient.post<{ register: { id: string; name: string } }>('/api/registers/pair-this-browser', input),
    onSuccess: () => becomeTill(queryClient),
  });
}
