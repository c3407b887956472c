import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, fileOf, type ApiQuery } from '@/lib/api';
import { uploadWithProgress } from '@/lib/upload';
import { expensesKey, type Expense, type ExpenseFilters, type ExpensePayload } from './types';
import { saveFile } from '@/lib/save-file';

/** The filters as query parameters, leaving out the ones not set. */
export function filterQuery(filters: ExpenseFilters): ApiQuery<'/api/expenses/export.csv'> {
  return {
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    category_id: filters.categoryId ?? undefined,
    status: filters.status ?? undefined,
    payee: filters.payee?.trim() || undefined,
  };
}

const PAGE = 50;

export function expensesListOptions(filters: ExpenseFilters) {
  return infiniteQueryOptions({
    queryKey: [...expensesKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      dataOf(api.GET('/api/expenses', { params: { query: { ...filterQuery(filters), limit: PAGE, cursor: pageParam ?? undefined } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/expenses: newest date first, a page at a time. */
export function useExpenses(filters: ExpenseFilters) {
  return useInfiniteQuery(expensesListOptions(filters));
}

/** GET /api/expenses/summary: totals in all, unpaid, by category and by month. */
export function useExpenseSummary(filters: ExpenseFilters) {
  return useQuery({
    queryKey: [...expensesKey, 'summary', filters] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/expenses/summary', { params: { query: filterQuery(filters) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useExpenseCategories() {
  return useQuery({
    queryKey: [...expensesKey, 'categories'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/expenses/categories', { signal })),
    select: (answer) => answer.categories,
  });
}

export function useExpenseSuppliers() {
  return useQuery({
    queryKey: [...expensesKey, 'suppliers'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/expenses/suppliers', { signal })),
    select: (answer) => answer.suppliers,
  });
}

function useInvalidatingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKey }) });
}

/** POST /api/expenses; a retry with the same key answers with the first expense. */
export function useCreateExpense() {
  return useInvalidatingMutation(
    async (input: { idempotencyKey: string; payload: ExpensePayload }) =>
      (await dataOf(api.POST('/api/expenses', { body: { idempotency_key: input.idempotencyKey, ...input.payload } }))).expense,
  );
}

export function useUpdateExpense() {
  return useInvalidatingMutation(
    async (input: { id: string; changes: Partial<ExpensePayload> }) => (await dataOf(api.PATCH('/api/expenses/{id}', { params: { path: { id: input.id } }, body: input.changes }))).expense,
  );
}

export function useDeleteExpense() {
  return useInvalidatingMutation((id: string) => dataOf(api.DELETE('/api/expenses/{id}', { params: { path: { id } } })));
}

/** POST /api/expenses/{id}/receipt (multipart, field "file"), reporting upload progress. */
export function useUploadReceipt() {
  return useInvalidatingMutation(async (input: { id: string; file: File; onProgress?: (percent: number) => void }) => {
    const body = new FormData();
    body.set('file', input.file);
    const answer = await uploadWithProgress<{ expense: Expense }>(`/api/expenses/${input.id}/receipt`, {
      body,
      ...(input.onProgress ? { onUploadProgress: input.onProgress } : {}),
    });
    return answer.expense;
  });
}

export function useRemoveReceipt() {
  return useInvalidatingMutation(async (id: string) => (await dataOf(api.DELETE('/api/expenses/{id}/receipt', { params: { path: { id } } }))).expense);
}

export function useCreateExpenseCategory() {
  return useInvalidatingMutation(async (name: string) => (await dataOf(api.POST('/api/expenses/categories', { body: { name } }))).category);
}

export function useUpdateExpenseCategory() {
  return useInvalidatingMutation(
    async (input: { id: string; name?: string; archived?: boolean }) =>
      (await dataOf(api.PATCH('/api/expenses/categories/{id}', { params: { path: { id: input.id } }, body: { name: input.name, archived: input.archived } }))).category,
  );
}

/** GET /api/expenses/export.csv with the list's filters, handed to the browser as a download. */
export async function exportExpenses(filters: ExpenseFilters): Promise<string> {
  const { blob, fileName } = await fileOf(api.GET('/api/expenses/export.csv', { params: { query: filterQuery(filters) }, parseAs: 'blob' }));
  const name = fileName ?? 'expenses.csv';
  saveFile(blob, name);
  return name;
}

export function useExportExpenses() {
  return useMutation({ mutationFn: exportExpenses });
}
