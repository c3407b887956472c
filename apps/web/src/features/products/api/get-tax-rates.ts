import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { TaxRate } from './types';

export const taxRatesKey = ['tax-rates'] as const;

/** GET /api/tax-rates. */
export async function getTaxRates(signal?: AbortSignal): Promise<TaxRate[]> {
  return (await dataOf(api.GET('/api/tax-rates', signal ? { signal } : {}))).tax_rates;
}

export function useTaxRates() {
  return useQuery(queryOptions({ queryKey: taxRatesKey, queryFn: ({ signal }) => getTaxRates(signal) }));
}

/** 2000 → "20%", 725 → "7.25%". */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;
}
