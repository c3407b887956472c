import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgedPayableBucket, InvoicePaymentStatus } from '@till/core';
import { apiClient } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';

export const purchaseInvoicesQueryKey = ['purchase-invoices'] as const;

export interface InvoiceSummary {
  id: string;
  supplier: { id: string; name: string };
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  net: number;
  tax: number;
  total: number;
  paidTotal: number;
  balance: number;
  status: InvoicePaymentStatus;
  daysOverdue: number;
  createdAt: string;
}

export interface InvoiceLineMatch {
  purchaseOrderId: string;
  purchaseOrderLabel: string;
  quantityOrdered: number;
  unitCostOrdered: number;
  quantityReceived: number;
  quantityInvoicedBefore: number;
  quantityDiffers: boolean;
  costDiffers: boolean;
  deliveryDiffers: boolean;
  unitsNotReceived: number;
  amountDifference: number;
  matched: boolean;
}

export interface PurchaseInvoice extends InvoiceSummary {
  notes: string | null;
  attachmentName: string | null;
  attachmentUrl: string | null;
  lines: {
    id: string;
    purchaseOrderLineId: string | null;
    productId: string | null;
    description: string;
    quantity: number;
    unitCost: number;
    taxRateBp: number;
    net: number;
    tax: number;
    match: InvoiceLineMatch | null;
  }[];
  payments: { id: string; amount: number; paidOn: string; method: string; reference: string | null; createdAt: string }[];
}

export interface AgedPayables {
  asOf: string;
  currency: string;
  suppliers: { supplierId: string; supplierName: string; buckets: Record<AgedPayableBucket, number>; total: number }[];
  totals: Record<AgedPayableBucket, number>;
  total: number;
}

export function usePurchaseInvoices(status: InvoicePaymentStatus | null, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      enabled,
      queryKey: [...purchaseInvoicesQueryKey, 'list', { status }],
      queryFn: ({ pageParam, signal }) =>
        apiClient.get<{ invoices: InvoiceSummary[]; nextCursor: string | null }>('/api/purchase-invoices', { query: { status: status ?? undefined, cursor: pageParam, limit: 50 }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}

export function useAgedPayables(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...purchaseInvoicesQueryKey, 'aged'],
    queryFn: ({ signal }) => apiClient.get<AgedPayables>('/api/purchase-invoices/aged-payables', { signal }),
  });
}

const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...purchaseInvoicesQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await apiClient.get<{ invoice: PurchaseInvoice }>(`/api/purchase-invoices/${id}`, { signal })).invoice,
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

export interface EnterInvoiceInput {
  idempotencyKey: string;
  supplierId: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate?: string;
  notes: string;
  lines: { purchaseOrderLineId?: string; description?: string; quantity: number; unitCost: number; taxRateBp?: number }[];
}

/** POST /api/purchase-invoices; the key is made when the form opens, so a retry returns the first invoice. */
export const useEnterInvoice = () =>
  useInvoiceMutation(async (input: EnterInvoiceInput) => (await apiClient.post<{ invoice: PurchaseInvoice }>('/api/purchase-invoices', { ...input, notes: input.notes.trim() || null })).invoice);

export const useRecordPayment = (invoiceId: string) =>
  useInvoiceMutation(
    async (input: { idempotencyKey: string; amount: number; paidOn: string; method: string; reference: string }) =>
      (await apiClient.post<{ invoice: PurchaseInvoice }>(`/api/purchase-invoices/${invoiceId}/payments`, { ...input, reference: input.reference.trim() || null })).invoice,
  );

export function useExportInvoices() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiClient.download('/api/purchase-invoices/export.csv');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? 'purchasing-invoices.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

export interface OrderForMatching {
  id: string;
  label: string;
  status: string;
  lines: { id: string; productName: string; quantityOrdered: number; quantityReceived: number; unitCost: number; taxRateBp: number }[];
}

/** Suppliers to enter an invoice for (GET /api/suppliers). */
export function useInvoiceSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: ['suppliers', 'options'],
    queryFn: async ({ signal }) => (await apiClient.get<{ suppliers: { id: string; name: string; isActive: boolean }[] }>('/api/suppliers', { query: { limit: 100 }, signal })).suppliers,
    enabled,
  });
}

/** The supplier's orders that goods arrived against, with their lines, to match an invoice to. */
export function useOrdersToMatch(supplierId: string | null) {
  return useQuery({
    queryKey: ['purchase-orders', 'to-match', supplierId ?? ''],
    enabled: supplierId !== null,
    queryFn: async ({ signal }) => {
      const { purchaseOrders } = await apiClient.get<{ purchaseOrders: { id: string; status: string }[] }>('/api/purchase-orders', { query: { supplierId: supplierId ?? undefined, limit: 20 }, signal });
      const delivered = purchaseOrders.filter((order) => order.status === 'partly_received' || order.status === 'received');
      return Promise.all(delivered.map(async (order) => (await apiClient.get<{ purchaseOrder: OrderForMatching }>(`/api/purchase-orders/${order.id}`, { signal })).purchaseOrder));
    },
  });
}

/** Uploads the supplier's PDF or photo to the 'purchase-invoices' bucket, then attaches it (PUT …/attachment). */
export const useAttachInvoiceFile = (invoiceId: string) =>
  useInvoiceMutation(async (file: File) => {
    const name = `${invoiceId}/${Date.now()}-${file.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-80) || 'invoice'}`;
    await uploadWithProgress(`/api/storage/object/purchase-invoices/${name}`, { body: file, contentType: file.type || 'application/octet-stream' });
    return (await apiClient.put<{ invoice: PurchaseInvoice }>(`/api/purchase-invoices/${invoiceId}/attachment`, { name })).invoice;
  });
