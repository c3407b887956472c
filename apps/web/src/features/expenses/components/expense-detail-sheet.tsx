import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { FilePreview } from '@/components/file-preview';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useDeleteExpense, useRemoveReceipt } from '../api/expenses-api';
import type { Expense } from '../api/types';
import { formatDay, formatExpenseMoney, paymentMethodLabel } from '../utils/format';
import { ExpenseStatusBadge } from './expenses-table';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One expense: its details, its receipt shown (a photo) or previewed (a PDF), edit and delete. */
export function ExpenseDetailSheet({ expense, onOpenChange, onEdit }: { expense: Expense | null; onOpenChange: (open: boolean) => void; onEdit: (expense: Expense) => void }) {
  const remove = useDeleteExpense();
  const removeReceipt = useRemoveReceipt();
  const [confirming, setConfirming] = useState(false);

  return (
    <Sheet
      open={expense !== null}
      onOpenChange={(open) => {
        if (!open) setConfirming(false);
        onOpenChange(open);
      }}
    >
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-lg">
        {expense ? (
          <>
            <SheetHeader className="pr-12">
              <SheetTitle className="text-lg">{expense.payee.name}</SheetTitle>
              <SheetDescription>
                {formatExpenseMoney(expense.amount, expense.currency)} on {formatDay(expense.date)}
              </SheetDescription>
            </SheetHeader>
            <div className="grid gap-4 px-4 pb-6">
              <dl className="divide-y text-sm">
                <Row label="Category">{expense.category_name}</Row>
                <Row label="Amount">{formatExpenseMoney(expense.amount, expense.currency)}</Row>
                <Row label="Tax included">{formatExpenseMoney(expense.tax_amount, expense.currency)}</Row>
                <Row label="Status">
                  <ExpenseStatusBadge expense={expense} />
                </Row>
                <Row label="Paid by">
                  {paymentMethodLabel(expense.payment_method)}
                  {expense.paid_from_drawer ? ', from the cash drawer' : ''}
                </Row>
                {expense.payee.supplier_id ? <Row label="Supplier">{expense.payee.name}</Row> : null}
                {expense.notes ? <Row label="Notes">{expense.notes}</Row> : null}
              </dl>
              <section aria-label="Receipt" className="grid gap-2">
                <h3 className="text-sm font-semibold">Receipt</h3>
                {expense.receipt ? (
                  <>
                    <FilePreview url={expense.receipt.url} contentType={expense.receipt.content_type} name={expense.receipt.file_name} size={expense.receipt.size} />
                    <Button
                      variant="ghost"
                      className="justify-self-start"
                      disabled={removeReceipt.isPending}
                      onClick={() =>
                        removeReceipt.mutate(expense.id, {
                          onSuccess: () => toast.success('Receipt removed'),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      Remove receipt
                    </Button>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">No receipt attached. Edit the expense to add a photo or PDF.</p>
                )}
              </section>
              {remove.isError ? <ErrorAlert title="Not deleted" error={remove.error} /> : null}
              {confirming ? (
                <div role="alert" className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
                  <p>Delete this expense and its receipt? The audit log keeps a record of it.</p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(expense.id, {
                          onSuccess: () => {
                            toast.success('Expense deleted');
                            onOpenChange(false);
                          },
                        })
                      }
                    >
                      {remove.isPending ? 'Deleting...' : 'Delete expense'}
                    </Button>
                    <Button variant="outline" onClick={() => setConfirming(false)}>
                      Keep it
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => onEdit(expense)}>
                    <PencilIcon aria-hidden="true" /> Edit
                  </Button>
                  <Button variant="outline" onClick={() => setConfirming(true)}>
                    <Trash2Icon aria-hidden="true" /> Delete
                  </Button>
                </div>
              )}
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
