import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifierGroupsInput } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

/** PUT /api/products/{id}/modifier-groups (decision 035): the whole list of groups at once. */
export async function setModifierGroups({ id, body }: { id: string; body: ModifierGroupsInput }): Promise<Product> {
  return (await dataOf(api.PUT('/api/products/{id}/modifier-groups', { params: { path: { id } }, body }))).product;
}

export function useSetModifierGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setModifierGroups,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}
