import { PaperclipIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Expense } from '../api/types';
import { formatDay, formatExpenseMoney, paymentMethodLabel } from '../utils/format';

export function ExpenseStatusBadge({ expense }: { expense: Expense }) {
  if (expense.status === 'paid') return <Badge variant="success">Paid</Badge>;
  return <Badge variant="warning">Unpaid{expense.due_date ? ` · due ${formatDay(expense.due_date)}` : ''}</Badge>;
}

/** Expenses newest first; a row opens the expense. */
export function ExpensesTable({ expenses, onOpen }: { expenses: Expense[]; onOpen: (expense: Expense) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Expenses, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Payee
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Category
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Paid by
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {expenses.map((expense) => (
            <tr key={expense.id} className="border-t hover:bg-muted/40">
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDay(expense.date)}</td>
              <td className="px-3 py-1">
                <button
                  type="button"
                  onClick={() => onOpen(expense)}
                  className="min-h-11 w-full rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="inline-flex items-center gap-1">
                    {expense.payee.name}
                    {expense.receipt ? <PaperclipIcon aria-label="Has a receipt" className="size-3.5 text-muted-foreground" /> : null}
                  </span>
                  <span className="block text-xs font-normal text-muted-foreground md:hidden">{expense.category_name}</span>
                </button>
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{expense.category_name}</td>
              <td className="hidden px-3 py-2 sm:table-cell">
                <ExpenseStatusBadge expense={expense} />
              </td>
              <td className="hidden px-3 py-2 lg:table-cell">
                {paymentMethodLabel(expense.payment_method)}
                {expense.paid_from_drawer ? <span className="block text-xs text-muted-foreground">from the drawer</span> : null}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatExpenseMoney(expense.amount, expense.currency)}
                {expense.tax_amount > 0 ? (
                  <span className="block text-xs text-muted-foreground">tax {formatExpenseMoney(expense.tax_amount, expense.currency)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
