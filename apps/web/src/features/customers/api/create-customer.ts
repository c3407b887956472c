import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { CustomerPayload } from '../utils/customer-form';
import { customersQueryKey, type Customer } from './types';

/** POST /api/customers; 409 customer_email_taken when another customer has the email. */
export async function createCustomer(payload: CustomerPayload): Promise<Customer> {
  return (await dataOf(api.POST('/api/customers', { body: payload }))).customer;
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
