import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** The business's own single sign-on provider (decision 068), set in Settings. */
export type BusinessSsoAnswer = ApiAnswer<'/api/business-sso'>;
export type BusinessSsoProvider = NonNullable<BusinessSsoAnswer['provider']>;
export type BusinessSsoInput = ApiBody<'/api/business-sso', 'put'>;

const businessSsoQueryKey = ['business-sso'] as const;

export function useBusinessSso() {
  return useQuery(queryOptions({ queryKey: businessSsoQueryKey, queryFn: ({ signal }) => dataOf(api.GET('/api/business-sso', { signal })) }));
}

export function useSaveBusinessSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSsoInput) => dataOf(api.PUT('/api/business-sso', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessSsoQueryKey }),
  });
}

export function useDeleteBusinessSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/business-sso')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessSsoQueryKey }),
  });
}
