import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoicePaymentStatus } from '@till/core';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { uploadWithProgress } from '@/lib/upload';
import { saveFile } from '@/lib/save-file';

export const purchaseInvoicesQueryKey = ['purchase-invoices'] as const;

/** The supplier-invoice routes' answers, named for the components: the server's route schemas, never copies. */
export type InvoiceSummary = ApiAnswer<'/api/purchase-invoices'>['invoices'][number];
export type PurchaseInvoice = ApiAnswer<'/api/purchase-invoices/{id}'>['invoice'];
export type InvoiceLineMatch = NonNullable<PurchaseInvoice['lines'][number]['match']>;
export type AgedPayables = ApiAnswer<'/api/purchase-invoices/aged-payables'>;

export function usePurchaseInvoices(status: InvoicePaymentStatus | null, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      enabled,
      queryKey: [...purchaseInvoicesQueryKey, 'list', { status }],
      queryFn: ({ pageParam, signal }) =>
        dataOf(api.GET('/api/purchase-invoices', { params: { query: { status: status ?? undefined, cursor: pageParam ?? undefined, limit: 50 } }, signal })),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      staleTime: 30_000,
    }),
  );
}

export function useAgedPayables(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...purchaseInvoicesQueryKey, 'aged'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/purchase-invoices/aged-payables', { signal })),
  });
}

const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...purchaseInvoicesQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/purchase-invoices/{id}', { params: { path: { id } }, signal }))).invoice,
  });

export function usePurchaseInvoice(id: string | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: id !== null });
}

function useInvoiceMutation<Input>(run: (input: Input) => Promise<PurchaseInvoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, invoice);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...purchaseInvoicesQueryKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...purchaseInvoicesQueryKey, 'aged'] }),
      ]);
    },
  });
}

export type EnterInvoiceInput = Omit<ApiBody<'/api/purchase-invoices'>, 'notes'> & { notes: string };

/** POST /api/purchase-invoices; the key is made when the form opens, so a retry returns the first invoice. */
export const useEnterInvoice = () =>
  useInvoiceMutation(async (input: EnterInvoiceInput) => (await dataOf(api.POST('/api/purchase-invoices', { body: { ...input, notes: input.notes.trim() || null } }))).invoice);

export const useRecordPayment = (invoiceId: string) =>
  useInvoiceMutation(
    async (body: ApiBody<'/api/purchase-invoices/{id}/payments'>) => (await dataOf(api.POST('/api/purchase-invoices/{id}/payments', { params: { path: { id: invoiceId } }, body }))).invoice,
  );

export function useExportInvoices() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await fileOf(api.GET('/api/purchase-invoices/export.csv', { parseAs: 'blob' }));
      saveFile(blob, fileName ?? 'purchasing-invoices.csv');
    },
  });
}

export type OrderForMatching = ApiAnswer<'/api/purchase-orders/{id}'>['purchase_order'];

/** Suppliers to enter an invoice for (GET /api/suppliers). */
export function useInvoiceSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: ['suppliers', 'options'],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/suppliers', { params: { query: { limit: 100 } }, signal }))).suppliers,
    enabled,
  });
}

/** The supplier's orders that goods arrived against, with their lines, to match an invoice to. */
export function useOrdersToMatch(supplierId: string | null) {
  return useQuery({
    queryKey: ['purchase-orders', 'to-match', supplierId ?? ''],
    enabled: supplierId !== null,
    queryFn: async ({ signal }) => {
      const { purchase_orders } = await dataOf(api.GET('/api/purchase-orders', { params: { query: { supplier_id: supplierId ?? undefined, limit: 20 } }, signal }));
      const delivered = purchase_orders.filter((order) => order.status === 'partly_received' || order.status === 'received');
      return Promise.all(delivered.map(async (order) => (await dataOf(api.GET('/api/purchase-orders/{id}', { params: { path: { id: order.id } }, signal }))).purchase_order));
    },
  });
}

/** Uploads the supplier's PDF or photo to the 'purchase-invoices' bucket, then attaches it (PUT …/attachment). */
export const useAttachInvoiceFile = (invoiceId: string) =>
  useInvoiceMutation(async (file: File) => {
    const name = `${invoiceId}/${Date.now()}-${file.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-80) || 'invoice'}`;
    await uploadWithProgress(`/api/storage/object/purchase-invoices/${name}`, { body: file, contentType: file.type || 'application/octet-stream' });
    return (await dataOf(api.PUT('/api/purchase-invoices/{id}/attachment', { params: { path: { id: invoiceId } }, body: { name } }))).invoice;
  });
