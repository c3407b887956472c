import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { taxRatesKey } from './get-tax-rates';
import { productsKey, type TaxRate } from './types';

/** "20", "7.5", "7,25" → basis points; null when it is not a percentage with at most 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

export const taxRateForm = z.object({
  name: z.string().trim().min(1, 'Name the rate, e.g. Standard').max(100, 'Use at most 100 characters'),
  percent: z.string().refine((text) => percentToBasisPoints(text) !== null, 'Enter a percentage from 0 to 100, e.g. 20 or 7.5'),
});
export type TaxRateForm = z.infer<typeof taxRateForm>;

/** POST /api/tax-rates. */
export async function createTaxRate(body: { name: string; basis_points: number; is_default?: boolean }): Promise<TaxRate> {
  return (await dataOf(api.POST('/api/tax-rates', { body }))).tax_rate;
}

export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaxRate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: taxRatesKey });
      await queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}
