import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { taxRatesKey } from './get-tax-rates';
import { productsKey, type TaxRate } from './types';

/** PATCH /api/tax-rates/{id}: rename, change the rate (audited) or make it the default. */
export async function updateTaxRate({ id, body }: { id: string; body: Partial<Omit<TaxRate, 'id'>> }): Promise<TaxRate> {
  return (await dataOf(api.PATCH('/api/tax-rates/{id}', { params: { path: { id } }, body }))).tax_rate;
}

export function useUpdateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxRate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: taxRatesKey });
      await queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}
