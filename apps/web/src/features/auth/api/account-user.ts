import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { forgetCachedMe, meQueryKey } from '@/lib/me';
import { factorsQueryKey } from './two-factor';

/** SPEC §7 GET/PUT user and reauthenticate, behind our routes (decision 053). */
export type AccountUserAnswer = ApiAnswer<'/api/auth/user'>;
export type AccountUserChanges = ApiBody<'/api/auth/user', 'put'>;

export const accountUserQueryKey = ['auth', 'user'] as const;

export function getAccountUserQueryOptions() {
  return queryOptions({ queryKey: accountUserQueryKey, queryFn: ({ signal }) => dataOf(api.GET('/api/auth/user', { signal })) });
}

export function useAccountUser() {
  return useQuery(getAccountUserQueryOptions());
}

export function useUpdateAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccountUserChanges) => dataOf(api.PUT('/api/auth/user', { body: changes })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(accountUserQueryKey, (old: AccountUserAnswer | undefined) => (old ? { ...old, user: answer.user } : old));
      forgetCachedMe();
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: identitiesQueryKey });
    },
  });
}

export function useReauthenticate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code?: string }) => dataOf(api.POST('/api/auth/reauthenticate', { body: input })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountUserQueryKey });
      // A recovery code used here is one fewer left.
      await queryClient.invalidateQueries({ queryKey: factorsQueryKey });
    },
  });
}

/** SPEC §7 identities: the account's sign-in ways, its e-mail address and phone number (decision 053). */
export type Identity = ApiAnswer<'/api/auth/identities'>['identities'][number];
export const identitiesQueryKey = ['auth', 'identities'] as const;

export function useIdentities() {
  return useQuery({ queryKey: identitiesQueryKey, queryFn: ({ signal }) => dataOf(api.GET('/api/auth/identities', { signal })) });
}

/** Removes a sign-in way (after reauthenticating); the last one cannot go. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) => dataOf(api.DELETE('/api/auth/identities/{identityId}', { params: { path: { identityId } } })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(identitiesQueryKey, answer);
      forgetCachedMe();
      await queryClient.invalidateQueries({ queryKey: accountUserQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
