import { DownloadIcon, PlusIcon, TagsIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/me';
import { useExpenseCategories, useExpenses, useExpenseSummary, useExportExpenses } from '../api/expenses-api';
import type { Expense, ExpenseFilters } from '../api/types';
import { ExpenseCategoriesDialog } from './expense-categories-dialog';
import { ExpenseDetailSheet } from './expense-detail-sheet';
import { ExpenseFiltersBar, hasExpenseFilters } from './expense-filters';
import { ExpenseFormDialog } from './expense-form-dialog';
import { ExpenseTotals } from './expense-totals';
import { ExpensesTable } from './expenses-table';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INVOICES_PATH = '/expenses/invoices';
const ADD_PATH = '/expenses/add';

/** The filters as the URL holds them (so they survive a reload, the back button and opening the add form). */
function filtersFrom(params: URLSearchParams): ExpenseFilters {
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const status = params.get('status');
  return {
    from: day('from'),
    to: day('to'),
    categoryId: params.get('category') || null,
    status: status === 'paid' || status === 'unpaid' ? status : null,
    payee: params.get('payee') || null,
  };
}

function searchOf(filters: ExpenseFilters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.categoryId) params.set('category', filters.categoryId);
  if (filters.status) params.set('status', filters.status);
  if (filters.payee) params.set('payee', filters.payee);
  const search = params.toString();
  return search ? `?${search}` : '';
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <WalletIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Keep track of what the business spends</h2>
      <p className="max-w-md text-muted-foreground">
        Record rent, bills, supplies and wages with their receipts. Totals by category and by month show where the money goes, and the CSV
        export is ready for your accountant.
      </p>
      <Button onClick={onAdd}>
        <PlusIcon aria-hidden="true" />
        Add your first expense
      </Button>
    </div>
  );
}

/**
 * /expenses/invoices and /expenses/add: one screen (SPEC §2). The list with its filters and
 * totals; at /expenses/add the form to record an expense is open over it.
 */
export function ExpensesPage() {
  const me = useMe();
  const currency = me.data?.business?.currency ?? 'USD';
  const timeZone = me.data?.business?.time_zone ?? 'UTC';
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const adding = location.pathname === ADD_PATH;

  const list = useExpenses(filters);
  const summary = useExpenseSummary(filters);
  const categories = useExpenseCategories();
  const exporter = useExportExpenses();
  const expenses = list.data?.pages.flatMap((page) => page.expenses) ?? [];

  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [managingCategories, setManagingCategories] = useState(false);
  // The open expense as the list has it now (it changes after an edit), else as it was opened.
  const [opened, setOpened] = useState<Expense | null>(null);
  const open = openId ? (expenses.find((expense) => expense.id === openId) ?? opened) : null;

  const setFilters = (next: ExpenseFilters) => void navigate({ pathname: location.pathname, search: searchOf(next) }, { replace: true });
  const startAdding = () => void navigate({ pathname: ADD_PATH, search: searchOf(filters) });
  const stopAdding = () => void navigate({ pathname: INVOICES_PATH, search: searchOf(filters) }, { replace: true });
  const rangeWrong = filters.from !== null && filters.to !== null && filters.from > filters.to;
  const nothingYet = !hasExpenseFilters(filters) && list.isSuccess && expenses.length === 0;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Expenses"
        description="What the business pays out: bills, rent, supplies and wages, with their receipts."
        actions={
          <>
            <Button variant="outline" onClick={() => setManagingCategories(true)}>
              <TagsIcon aria-hidden="true" />
              Categories
            </Button>
            <Button
              variant="outline"
              disabled={exporter.isPending || rangeWrong}
              onClick={() =>
                exporter.mutate(filters, {
                  onSuccess: (name) => toast.success(`Downloaded ${name}`),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              <DownloadIcon aria-hidden="true" />
              {exporter.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
            <Button onClick={startAdding}>
              <PlusIcon aria-hidden="true" />
              Add expense
            </Button>
          </>
        }
      />

      {nothingYet ? null : <ExpenseFiltersBar filters={filters} onChange={setFilters} categories={categories.data ?? []} />}

      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading expenses...
        </p>
      ) : list.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title="The expenses could not be loaded" error={list.error} />
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching} className="justify-self-start">
            {list.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : nothingYet ? (
        <EmptyState onAdd={startAdding} />
      ) : (
        <>
          {summary.data ? <ExpenseTotals summary={summary.data} /> : null}
          {expenses.length === 0 ? (
            <p role="status">No expense matches these filters.</p>
          ) : (
            <div className="grid gap-3">
              <h2 className="sr-only">Expenses</h2>
              <ExpensesTable
                expenses={expenses}
                onOpen={(expense) => {
                  setOpened(expense);
                  setOpenId(expense.id);
                }}
              />
              {list.hasNextPage ? (
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className="justify-self-start">
                  {list.isFetchingNextPage ? 'Loading...' : 'Show more expenses'}
                </Button>
              ) : null}
            </div>
          )}
        </>
      )}

      <ExpenseDetailSheet
        expense={open}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpenId(null);
        }}
        onEdit={(expense) => setEditing(expense)}
      />
      <ExpenseFormDialog
        open={adding || editing !== null}
        onOpenChange={(isOpen) => {
          if (isOpen) return;
          if (editing) setEditing(null);
          else stopAdding();
        }}
        expense={editing}
        currency={currency}
        timeZone={timeZone}
        onSaved={(saved) => {
          setOpened(saved);
          setOpenId(saved.id);
        }}
      />
      <ExpenseCategoriesDialog open={managingCategories} onOpenChange={setManagingCategories} />
    </div>
  );
}
