import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDisplayStatus } from '@till/core';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

export const invoicesQueryKey = ['invoices'] as const;

export type InvoicesPage = ApiAnswer<'/api/invoices', 'get'>;
export type InvoiceListItem = InvoicesPage['invoices'][number];
export type Invoice = ApiAnswer<'/api/invoices/{id}', 'get'>['invoice'];
export type InvoiceChoices = ApiAnswer<'/api/invoices/choices', 'get'>;
export type DraftInvoiceBody = ApiBody<'/api/invoices', 'post'>;
export type FromOrderBody = ApiBody<'/api/invoices/from-order', 'post'>;

const PAGE_SIZE = 50;

/** GET /api/invoices: newest first, by status and search, with the totals outstanding and overdue. */
export function useInvoices(filter: { status: InvoiceDisplayStatus | null; q: string; page: number }) {
  return useQuery({
    queryKey: [...invoicesQueryKey, 'list', filter],
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/invoices', {
          params: { query: { limit: PAGE_SIZE, offset: filter.page * PAGE_SIZE, ...(filter.status ? { status: filter.status } : {}), ...(filter.q.trim() ? { q: filter.q.trim() } : {}) } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Tax rates, customers matching q, recent completed orders: what the form picks from. */
export function useInvoiceChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicesQueryKey, 'choices', q],
    enabled,
    queryFn: ({ signal }) => dataOf(api.GET('/api/invoices/choices', { params: { query: q.trim() ? { q: q.trim() } : {} }, signal })),
    placeholderData: keepPreviousData,
  });
}

const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/invoices/{id}', { params: { path: { id } }, signal }))).invoice,
  });

export function useInvoice(id: string | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: id !== null });
}

/** A mutation that answers the invoice: the detail is replaced and the list refreshed. */
function useInvoiceMutation<Input>(run: (input: Input) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryOptions(invoice.id).queryKey, invoice);
      return queryClient.invalidateQueries({ queryKey: [...invoicesQueryKey, 'list'] });
    },
  });
}

export const useCreateInvoice = () => useInvoiceMutation(async (body: DraftInvoiceBody) => (await dataOf(api.POST('/api/invoices', { body }))).invoice);

export const useCreateInvoiceFromOrder = () => useInvoiceMutation(async (body: FromOrderBody) => (await dataOf(api.POST('/api/invoices/from-order', { body }))).invoice);

export const useUpdateInvoice = (id: string) =>
  useInvoiceMutation(async (body: DraftInvoiceBody) => (await dataOf(api.PUT('/api/invoices/{id}', { params: { path: { id } }, body }))).invoice);

export const useIssueInvoice = (id: string) => useInvoiceMutation(async () => (await dataOf(api.POST('/api/invoices/{id}/issue', { params: { path: { id } }, body: {} }))).invoice);

export const useSendInvoice = (id: string) =>
  useInvoiceMutation(async (email: string) => (await dataOf(api.POST('/api/invoices/{id}/send', { params: { path: { id } }, body: email ? { email } : {} }))).invoice);

export const useVoidInvoice = (id: string) =>
  useInvoiceMutation(async (reason: string) => (await dataOf(api.POST('/api/invoices/{id}/void', { params: { path: { id } }, body: { reason: reason.trim() || null } }))).invoice);

export const useRecordInvoicePayment = (id: string) =>
  useInvoiceMutation(
    async (body: ApiBody<'/api/invoices/{id}/payments', 'post'>) => (await dataOf(api.POST('/api/invoices/{id}/payments', { params: { path: { id } }, body }))).invoice,
  );

export const useCreateCreditNote = (id: string) =>
  useInvoiceMutation(
    async (body: ApiBody<'/api/invoices/{id}/credit-notes', 'post'>) => (await dataOf(api.POST('/api/invoices/{id}/credit-notes', { params: { path: { id } }, body }))).invoice,
  );

export function useDeleteInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/invoices/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...invoicesQueryKey, 'list'] }),
  });
}

/** The PDF, saved under the invoice's number. */
export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async (invoice: { id: string; label: string | null }) => {
      const { blob } = await fileOf(api.GET('/api/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'blob' }));
      saveFile(blob, `${invoice.label ?? 'draft-invoice'}.pdf`);
    },
  });
}
