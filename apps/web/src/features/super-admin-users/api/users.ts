import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export type PlatformUser = ApiAnswer<'/api/super-admin/users'>['users'][number];
export type CreateUserInput = ApiBody<'/api/super-admin/users'>;
export type UpdateUserInput = ApiBody<'/api/super-admin/users/{id}', 'put'>;
export type LinkType = ApiBody<'/api/super-admin/generate-link'>['type'];

/** Rows per page of the users list. */
export const USERS_PAGE_SIZE = 20;
const usersQueryKey = ['super-admin', 'users'] as const;

/** GET /api/super-admin/users: one page of accounts, searched by e-mail, name or phone (decision 067). */
export function usePlatformUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...usersQueryKey, search, page] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/super-admin/users', { params: { query: { limit: USERS_PAGE_SIZE, offset: page * USERS_PAGE_SIZE, ...(search ? { search } : {}) } }, signal })),
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }) });
}

export const useCreateUser = () => useUsersMutation((body: CreateUserInput) => dataOf(api.POST('/api/super-admin/users', { body })));

export const useUpdateUser = () =>
  useUsersMutation((input: { id: string; body: UpdateUserInput }) => dataOf(api.PUT('/api/super-admin/users/{id}', { params: { path: { id: input.id } }, body: input.body })));

export const useDeleteUser = () => useUsersMutation((id: string) => dataOf(api.DELETE('/api/super-admin/users/{id}', { params: { path: { id } } })));

export const useInviteUser = () => useUsersMutation((body: ApiBody<'/api/super-admin/invite'>) => dataOf(api.POST('/api/super-admin/invite', { body })));

/** A sign-in or recovery link for the account, to hand over (not sent). */
export const useGenerateLink = () =>
  useMutation({ mutationFn: (input: { type: 'magiclink' | 'recovery'; email: string }) => dataOf(api.POST('/api/super-admin/generate-link', { body: input })) });
