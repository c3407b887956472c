import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CustomerPayload } from '../utils/customer-form';
import { customersQueryKey, type Customer } from './types';

/** PATCH /api/customers/{id}: null clears email, phone or notes. */
export async function updateCustomer(input: { id: string; changes: Partial<CustomerPayload> }): Promise<Customer> {
  return (await apiClient.patch<{ customer: Customer }>(`/api/customers/${encodeURIComponent(input.id)}`, input.changes)).customer;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
