import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { CustomerPayload } from '../utils/customer-form';
import { customersQueryKey, type Customer } from './types';

/** PATCH /api/customers/{id}: null clears email, phone or notes. */
export async function updateCustomer(input: { id: string; changes: Partial<CustomerPayload> }): Promise<Customer> {
  return (await dataOf(api.PATCH('/api/customers/{id}', { params: { path: { id: input.id } }, body: input.changes }))).customer;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
