import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withoutEmployeeSession } from '@/lib/api-client';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { forgetCachedMe, meQueryKey } from '@/lib/me';

/** A paired till as Settings → Tills lists it (GET /api/registers): the server's route schema. */
export type PairedTill = ApiAnswer<'/api/registers'>['registers'][number];
export type PairingCode = ApiAnswer<'/api/registers/pairing-codes', 'post'>;

const registersQueryKey = ['registers'] as const;

/** `waitingForPairing`: a code is on screen, so the new till shows up within seconds of being paired. */
export function useRegisters({ waitingForPairing = false }: { waitingForPairing?: boolean } = {}) {
  return useQuery({
    queryKey: registersQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/registers', { signal })).then((response) => response.registers),
    // "Last seen" moves while the page is open.
    refetchInterval: waitingForPairing ? 3_000 : 60_000,
  });
}

/** POST /api/registers/pairing-codes: a one-time code for the device that is to become a till. */
export function useCreatePairingCode() {
  return useMutation({ mutationFn: () => dataOf(api.POST('/api/registers/pairing-codes')) });
}

export function useRevokeRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.DELETE('/api/registers/{id}', { params: { path: { id } } })),
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
      dataOf(api.POST('/api/registers/pair', { body: input, headers: withoutEmployeeSession })),
    onSuccess: () => becomeTill(queryClient),
  });
}

/** POST /api/registers/pair-this-browser: the owner turns this browser into a till and is signed out of it. */
export function usePairThisBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => dataOf(api.POST('/api/registers/pair-this-browser', { body: input })),
    onSuccess: () => becomeTill(queryClient),
  });
}

/** With multi_store on: the stores a till can be put in (decision 044). */
export function useStoreOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['stores', 'till-options'],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/stores', { signal }))).stores.filter((store) => store.is_active),
    enabled,
  });
}

/** PUT /api/registers/{id}/store: the till's next sales take that store's stock. */
export function useMoveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, storeId }: { id: string; storeId: string }) => dataOf(api.PUT('/api/registers/{id}/store', { params: { path: { id } }, body: { store_id: storeId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registersQueryKey }),
  });
}
