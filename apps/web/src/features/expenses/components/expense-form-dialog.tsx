import { zodResolver } from '@hookform/resolvers/zod';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { EXPENSE_PAYMENT_METHODS, EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPT_TYPES } from '@till/core';
import { PaperclipIcon, XIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { FilePreview } from '@/components/file-preview';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/me';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { currencySymbol } from '@/lib/money';
import { formatFileSize } from '@/lib/storage';
import { useCreateExpense, useExpenseCategories, useExpenseSuppliers, useUpdateExpense, useUploadReceipt } from '../api/expenses-api';
import type { Expense } from '../api/types';
import { changedFields, emptyExpenseForm, expenseFormSchema, toExpenseFormValues, toExpensePayload, todayIn, TYPED_PAYEE, type ExpenseFormValues } from '../utils/expense-form';
import { formatExpenseMoney, paymentMethodLabel } from '../utils/format';

const MB = 1024 * 1024;

/** What is wrong with a picked receipt before it is sent, or null (the server checks the bytes too). */
export function receiptProblem(file: File): string | null {
  if (!EXPENSE_RECEIPT_TYPES.includes(file.type)) return 'Choose a photo (JPEG, PNG or WebP) or a PDF.';
  if (file.size > EXPENSE_RECEIPT_MAX_BYTES) return `The file is larger than ${EXPENSE_RECEIPT_MAX_BYTES / MB} MB; choose a smaller one.`;
  return null;
}

interface ExpenseFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The expense to edit; without one the dialog records a new expense. */
  expense: Expense | null;
  currency: string;
  timeZone: string;
  onSaved?: (expense: Expense) => void;
}

/** Record or edit an expense, with its receipt, in a centred dialog. */
export function ExpenseFormDialog({ open, onOpenChange, expense, currency, timeZone, onSaved }: ExpenseFormDialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg outline-none">
          <div className="grid gap-1 pr-10">
            <DialogPrimitive.Title className="text-lg font-semibold">{expense ? 'Edit expense' : 'Add new expense'}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {expense ? 'Change what was recorded; every change is kept in the audit log.' : 'Record money the business paid out, with its receipt.'}
            </DialogPrimitive.Description>
          </div>
          {open ? (
            <ExpenseForm
              key={expense?.id ?? 'new'}
              expense={expense}
              currency={currency}
              timeZone={timeZone}
              onCancel={() => onOpenChange(false)}
              onSaved={(saved) => {
                onOpenChange(false);
                onSaved?.(saved);
              }}
            />
          ) : null}
          <DialogPrimitive.Close className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md opacity-80 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <XIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ExpenseForm({
  expense: initial,
  currency,
  timeZone,
  onCancel,
  onSaved,
}: {
  expense: Expense | null;
  currency: string;
  timeZone: string;
  onCancel: () => void;
  onSaved: (expense: Expense) => void;
}) {
  const categories = useExpenseCategories();
  const suppliers = useExpenseSuppliers();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const upload = useUploadReceipt();
  // One key per expense being added: a retry after a lost answer returns the first expense.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // Once recorded (say the receipt upload then failed), saving again edits that expense.
  const [saved, setSaved] = useState<Expense | null>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ExpenseFormValues>({
    resolver: zodResolver(expenseFormSchema(currency)),
    defaultValues: initial ? toExpenseFormValues(initial) : emptyExpenseForm(todayIn(timeZone)),
  });
  const payeeChoice = useWatch({ control, name: 'payeeChoice' });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const status = useWatch({ control, name: 'status' });
  // Issue 12: the cash leaves this till's open drawer (a pay-out of its session), so only a till offers it.
  const onTill = Boolean(useMe().data?.till);
  const drawerPossible = onTill && paymentMethod === 'cash' && status === 'paid';

  const offeredCategories = (categories.data ?? []).filter((category) => !category.archived || category.id === initial?.category_id);
  // A supplier since made inactive is no longer offered, but the expense that names it keeps it.
  const current = initial?.payee.supplier_id ? { id: initial.payee.supplier_id, name: initial.payee.name } : null;
  const supplierOptions = [...(suppliers.data ?? []), ...(current && !suppliers.data?.some((supplier) => supplier.id === current.id) ? [current] : [])];

  const onSubmit = handleSubmit(async (values) => {
    const payload = toExpensePayload(values, currency);
    let expense: Expense;
    try {
      if (saved) {
        // Editing, or saving again after the receipt failed: send what changed since the last save.
        const changes = changedFields(toExpensePayload(toExpenseFormValues(saved), currency), payload);
        expense = Object.keys(changes).length > 0 ? await update.mutateAsync({ id: saved.id, changes }) : saved;
      } else {
        expense = await create.mutateAsync({ idempotencyKey, payload });
      }
      setSaved(expense);
    } catch (error) {
      setError('root', { message: isApiError(error) ? error.message : 'The expense was not saved. Try again.' });
      return;
    }
    if (file) {
      try {
        setProgress(0);
        expense = await upload.mutateAsync({ id: expense.id, file, onProgress: setProgress });
      } catch (error) {
        setProgress(null);
        setError('root', {
          message: `The expense was saved, but the receipt was not: ${isApiError(error) ? error.message : 'try again.'} Save again to retry the receipt.`,
        });
        return;
      }
    }
    toast.success(initial ? 'Expense updated' : `Expense of ${formatExpenseMoney(expense.amount, currency)} added`);
    onSaved(expense);
  });

  const id = (name: string) => `expense-${name}`;
  const describedBy = (name: keyof ExpenseFormValues) => (errors[name] ? id(`${name}-error`) : undefined);
  const money = currencySymbol(currency);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {supplierOptions.length > 0 ? (
          <Field>
            <Label htmlFor={id('payee-choice')}>Payee</Label>
            <Controller
              control={control}
              name="payeeChoice"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={id('payee-choice')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={TYPED_PAYEE}>Someone else (type a name)</SelectItem>
                    {supplierOptions.map((supplier) => (
                      <SelectItem key={supplier.id} value={supplier.id}>
                        {supplier.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        ) : null}
        {payeeChoice === TYPED_PAYEE ? (
          <Field>
            <Label htmlFor={id('payee')}>{supplierOptions.length > 0 ? 'Payee name' : 'Payee'}</Label>
            <Input
              id={id('payee')}
              autoComplete="off"
              autoFocus
              placeholder="Who was paid: City Power, the landlord…"
              aria-invalid={errors.payeeName ? true : undefined}
              aria-describedby={describedBy('payeeName')}
              {...register('payeeName')}
            />
            <FieldError id={id('payeeName-error')}>{errors.payeeName?.message}</FieldError>
          </Field>
        ) : null}
        <Field>
          <Label htmlFor={id('category')}>Category</Label>
          <Controller
            control={control}
            name="categoryId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={categories.isPending}>
                <SelectTrigger id={id('category')} aria-invalid={errors.categoryId ? true : undefined} aria-describedby={describedBy('categoryId')}>
                  <SelectValue placeholder={categories.isPending ? 'Loading…' : 'Choose a category'} />
                </SelectTrigger>
                <SelectContent>
                  {offeredCategories.map((category) => (
                    <SelectItem key={category.id} value={category.id}>
                      {category.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id={id('categoryId-error')}>{errors.categoryId?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('date')}>Date</Label>
          <Input id={id('date')} type="date" aria-invalid={errors.date ? true : undefined} aria-describedby={describedBy('date')} {...register('date')} />
          <FieldError id={id('date-error')}>{errors.date?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('amount')}>Amount paid ({money}, tax included)</Label>
          <Input
            id={id('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy('amount')}
            {...register('amount')}
          />
          <FieldError id={id('amount-error')}>{errors.amount?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('tax')}>
            Tax included <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={id('tax')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={errors.taxAmount ? true : undefined}
            aria-describedby={describedBy('taxAmount')}
            {...register('taxAmount')}
          />
          <FieldError id={id('taxAmount-error')}>{errors.taxAmount?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={id('method')}>Payment method</Label>
          <Controller
            control={control}
            name="paymentMethod"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('method')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXPENSE_PAYMENT_METHODS.map((method) => (
                    <SelectItem key={method} value={method}>
                      {paymentMethodLabel(method)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field>
          <Label htmlFor={id('status')}>Status</Label>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('status')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="paid">Paid</SelectItem>
                  <SelectItem value="unpaid">Unpaid</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field>
          <Label htmlFor={id('due')}>
            Due date {status === 'unpaid' ? null : <span className="font-normal text-muted-foreground">(optional)</span>}
          </Label>
          <Input id={id('due')} type="date" aria-invalid={errors.dueDate ? true : undefined} aria-describedby={describedBy('dueDate')} {...register('dueDate')} />
          <FieldError id={id('dueDate-error')}>{errors.dueDate?.message}</FieldError>
        </Field>
        <Field className="content-start">
          <div className="flex min-h-11 items-center gap-3">
            <Controller
              control={control}
              name="paidFromDrawer"
              render={({ field }) => (
                <Switch
                  id={id('drawer')}
                  checked={drawerPossible && field.value}
                  onCheckedChange={field.onChange}
                  disabled={!drawerPossible}
                  aria-describedby={id('drawer-hint')}
                />
              )}
            />
            <Label htmlFor={id('drawer')}>Paid from the cash drawer</Label>
          </div>
          <FieldDescription id={id('drawer-hint')}>{drawerPossible
                ? "Cash taken out of this till's open drawer: the Z report counts it as a pay-out."
                : onTill
                  ? 'For paid cash expenses only.'
                  : 'Entered at the till whose drawer the cash came from.'}</FieldDescription>
          <FieldError id={id('paidFromDrawer-error')}>{errors.paidFromDrawer?.message}</FieldError>
        </Field>
      </div>
      <Field>
        <Label htmlFor={id('notes')}>
          Notes <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea id={id('notes')} rows={2} aria-invalid={errors.notes ? true : undefined} aria-describedby={describedBy('notes')} {...register('notes')} />
        <FieldError id={id('notes-error')}>{errors.notes?.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor={id('receipt')}>
          Receipt <span className="font-normal text-muted-foreground">(photo or PDF, up to {EXPENSE_RECEIPT_MAX_BYTES / MB} MB)</span>
        </Label>
        <Input
          id={id('receipt')}
          type="file"
          accept={EXPENSE_RECEIPT_TYPES.join(',')}
          aria-describedby={fileError ? id('receipt-error') : undefined}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const problem = picked ? receiptProblem(picked) : null;
            setFileError(problem);
            setFile(problem ? null : picked);
            if (problem) event.target.value = '';
          }}
        />
        <FieldError id={id('receipt-error')}>{fileError}</FieldError>
        {file && previewUrl ? (
          <FilePreview url={previewUrl} contentType={file.type} name={file.name} size={file.size} />
        ) : saved?.receipt ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <PaperclipIcon aria-hidden="true" className="size-4" />
            {saved.receipt.file_name} · {formatFileSize(saved.receipt.size)}. Choose a file to replace it.
          </p>
        ) : null}
        {progress !== null ? <Progress value={progress} label="Receipt upload" /> : null}
      </Field>
      {errors.root?.message ? <ErrorAlert title="Not saved" message={errors.root.message} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : initial ? 'Save changes' : 'Add expense'}
        </Button>
      </div>
    </form>
  );
}
