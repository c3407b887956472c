import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

export const STOCK_REASONS = ['Delivery received', 'Stock count', 'Damaged', 'Lost or stolen', 'Returned to supplier', 'Used in store'] as const;

/** The dialog: add or remove a quantity, or set what was counted. */
export const adjustStockForm = z
  .object({
    mode: z.enum(['add', 'remove', 'count']),
    quantity: z
      .string()
      .trim()
      .regex(/^\d+$/, 'Enter a whole number')
      .refine((text) => Number(text) <= 1_000_000, 'Enter at most 1,000,000'),
    reason: z.string().trim().min(1, 'Say why the stock changes').max(200, 'Use at most 200 characters'),
  })
  .refine((form) => form.mode === 'count' || Number(form.quantity) > 0, { message: 'Enter a quantity of 1 or more', path: ['quantity'] });
export type AdjustStockForm = z.infer<typeof adjustStockForm>;

export interface AdjustStockBody {
  delta: number;
  reason: string;
  /** What the person saw: the server refuses the change if stock moved meanwhile. */
  expected_quantity?: number;
}

/** The stock after the change the form describes. */
export function stockAfter(form: Pick<AdjustStockForm, 'mode' | 'quantity'>, current: number): number | null {
  if (!/^\d+$/.test(form.quantity.trim())) return null;
  const quantity = Number(form.quantity);
  return form.mode === 'count' ? quantity : form.mode === 'add' ? current + quantity : current - quantity;
}

/** The request a filled-in form makes, or null when it changes nothing (a count equal to the stock). */
export function adjustmentFromForm(form: AdjustStockForm, current: number): AdjustStockBody | null {
  const after = stockAfter(form, current);
  if (after === null || after === current) return null;
  return { delta: after - current, reason: form.reason.trim(), expected_quantity: current };
}

/** POST /api/products/{id}/stock-adjustments: an adjustment movement in the stock ledger. */
export async function adjustStock({ id, body }: { id: string; body: AdjustStockBody }): Promise<Product> {
  return (await dataOf(api.POST('/api/products/{id}/stock-adjustments', { params: { path: { id } }, body }))).product;
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}
