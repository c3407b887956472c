import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe, meQueryKey } from '@/lib/me';

/** SPEC §7 factors (enroll, challenge, verify) and DELETE factors, behind our routes (decision 045). */
export type FactorsAnswer = ApiAnswer<'/api/auth/factors'>;
export type Factor = FactorsAnswer['factors'][number];
export type Enrollment = ApiAnswer<'/api/auth/factors', 'post'>;

export const factorsQueryKey = ['auth', 'factors'] as const;

export function getFactorsQueryOptions() {
  return queryOptions({ queryKey: factorsQueryKey, queryFn: ({ signal }) => dataOf(api.GET('/api/auth/factors', { signal })) });
}

export function useFactors() {
  return useQuery(getFactorsQueryOptions());
}

export function enrollFactor(friendlyName: string | undefined) {
  return dataOf(api.POST('/api/auth/factors', { body: { factor_type: 'totp', ...(friendlyName ? { friendly_name: friendlyName } : {}) } }));
}

/** A challenge and its answer in one go: the code is typed before the challenge is needed. */
export async function challengeAndVerify(factorId: string, code: string) {
  const challenge = await dataOf(api.POST('/api/auth/factors/{factorId}/challenge', { params: { path: { factorId } } }));
  return dataOf(api.POST('/api/auth/factors/{factorId}/verify', { params: { path: { factorId } }, body: { challenge_id: challenge.id, code } }));
}

export function verifyRecoveryCode(code: string) {
  return dataOf(api.POST('/api/auth/recovery-codes/verify', { body: { code } }));
}

/** After the second step the session is complete: everything is loaded afresh. */
function useSessionRaised() {
  const queryClient = useQueryClient();
  return async () => {
    forgetCachedMe();
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await queryClient.invalidateQueries({ queryKey: factorsQueryKey });
    publishAuthEvent('SIGNED_IN');
  };
}

export function useEnrollFactor() {
  return useMutation({ mutationFn: (friendlyName?: string) => enrollFactor(friendlyName) });
}

export function useVerifyFactor() {
  const raised = useSessionRaised();
  return useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) => challengeAndVerify(factorId, code),
    onSuccess: raised,
  });
}

export function useVerifyRecoveryCode() {
  const raised = useSessionRaised();
  return useMutation({ mutationFn: verifyRecoveryCode, onSuccess: raised });
}

export function useDeleteFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ factorId, password }: { factorId: string; password: string }) =>
      dataOf(api.DELETE('/api/auth/factors/{factorId}', { params: { path: { factorId } }, body: { password } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => dataOf(api.POST('/api/auth/recovery-codes', { body: { password } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
  });
}

export function useTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => dataOf(api.PUT('/api/auth/two-factor-policy', { body: { required } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
  });
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => dataOf(api.GET('/api/auth/sessions', { signal })) });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => dataOf(api.DELETE('/api/auth/sessions/{sessionId}', { params: { path: { sessionId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/auth/sign-out', { params: { query: { scope: 'others' } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
