import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { invalidateSalesQueries } from '@/lib/sales-queries';

/** The till's side of invoices (decision 038): find an unpaid invoice, pay it through checkout. */
export type PayableInvoice = ApiAnswer<'/api/invoices/payable'>['invoices'][number];
export type TillSale = ApiAnswer<'/api/checkout', 'post'>;

export const payableInvoicesQueryKey = ['invoices', 'payable'] as const;

export function usePayableInvoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...payableInvoicesQueryKey, q],
    queryFn: ({ signal }) => dataOf(api.GET('/api/invoices/payable', { params: { query: q ? { q } : {} }, signal })).then((answer) => answer.invoices),
    enabled,
  });
}

/** POST /api/checkout with invoice_id: the idempotent sale for what is owed; a retry with the same key returns the first sale. */
export function usePayInvoiceAtTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/checkout'>) => dataOf(api.POST('/api/checkout', { body })),
    retry: false,
    onSuccess: async () => {
      await Promise.all([invalidateSalesQueries(queryClient), queryClient.invalidateQueries({ queryKey: ['invoices'] }), queryClient.invalidateQueries({ queryKey: ['workshop'] })]);
    },
  });
}
