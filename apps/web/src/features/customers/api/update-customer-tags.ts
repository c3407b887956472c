import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { customersQueryKey } from './types';

/** PATCH /api/customers/{id} with only the tags (decision 065): they replace the customer's tags. */
export function useUpdateCustomerTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; tags: string[] }) =>
      (await dataOf(api.PATCH('/api/customers/{id}', { params: { path: { id: input.id } }, body: { tags: input.tags } }))).customer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
