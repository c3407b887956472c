import { EXPENSE_NOTES_MAX, EXPENSE_PAYEE_MAX, EXPENSE_PAYMENT_METHODS, EXPENSE_STATUSES, expenseRuleProblem } from '@till/core';
import { z } from 'zod';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import type { Expense, ExpensePayload } from '../api/types';

/** "Someone else": the payee is typed, not picked from the suppliers. */
export const TYPED_PAYEE = 'typed';

/** What the form's inputs hold: text, as typed. */
export interface ExpenseFormValues {
  /** A supplier id, or TYPED_PAYEE. */
  payeeChoice: string;
  payeeName: string;
  categoryId: string;
  date: string;
  amount: string;
  taxAmount: string;
  paymentMethod: (typeof EXPENSE_PAYMENT_METHODS)[number];
  paidFromDrawer: boolean;
  status: (typeof EXPENSE_STATUSES)[number];
  dueDate: string;
  notes: string;
}

export function emptyExpenseForm(today: string): ExpenseFormValues {
  return {
    payeeChoice: TYPED_PAYEE,
    payeeName: '',
    categoryId: '',
    date: today,
    amount: '',
    taxAmount: '',
    paymentMethod: 'card',
    paidFromDrawer: false,
    status: 'paid',
    dueDate: '',
    notes: '',
  };
}

export function toExpenseFormValues(expense: Expense): ExpenseFormValues {
  return {
    payeeChoice: expense.payee.supplier_id ?? TYPED_PAYEE,
    payeeName: expense.payee.supplier_id ? '' : expense.payee.name,
    categoryId: expense.category_id,
    date: expense.date,
    amount: minorToDecimalText(expense.amount, expense.currency),
    taxAmount: expense.tax_amount === 0 ? '' : minorToDecimalText(expense.tax_amount, expense.currency),
    paymentMethod: expense.payment_method,
    paidFromDrawer: expense.paid_from_drawer,
    status: expense.status,
    dueDate: expense.due_date ?? '',
    notes: expense.notes ?? '',
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's rules, in the business currency: amounts as decimals with no more places than it has. */
export function expenseFormSchema(currency: string) {
  return z
    .object({
      payeeChoice: z.string(),
      payeeName: z.string().max(EXPENSE_PAYEE_MAX, `Use at most ${EXPENSE_PAYEE_MAX} characters`),
      categoryId: z.string().min(1, 'Choose a category'),
      date: z.string().regex(DAY, 'Enter the date of the expense'),
      amount: z.string(),
      taxAmount: z.string(),
      paymentMethod: z.enum(EXPENSE_PAYMENT_METHODS),
      paidFromDrawer: z.boolean(),
      status: z.enum(EXPENSE_STATUSES),
      dueDate: z.string(),
      notes: z.string().max(EXPENSE_NOTES_MAX, `Use at most ${EXPENSE_NOTES_MAX} characters`),
    })
    .superRefine((values, context) => {
      if (values.payeeChoice === TYPED_PAYEE && values.payeeName.trim() === '') {
        context.addIssue({ code: 'custom', path: ['payeeName'], message: 'Enter who was paid' });
      }
      const amount = parseMoneyText(values.amount, currency);
      if (!amount.ok) context.addIssue({ code: 'custom', path: ['amount'], message: values.amount.trim() === '' ? 'Enter the amount paid' : amount.message });
      else if (amount.amount <= 0) context.addIssue({ code: 'custom', path: ['amount'], message: 'The amount must be more than zero' });
      const tax = values.taxAmount.trim() === '' ? ({ ok: true, amount: 0 } as const) : parseMoneyText(values.taxAmount, currency);
      if (!tax.ok) context.addIssue({ code: 'custom', path: ['taxAmount'], message: tax.message });
      else if (tax.amount < 0) context.addIssue({ code: 'custom', path: ['taxAmount'], message: 'Tax cannot be negative' });
      if (values.dueDate !== '' && !DAY.test(values.dueDate)) context.addIssue({ code: 'custom', path: ['dueDate'], message: 'Enter a valid due date' });
      if (amount.ok && tax.ok && amount.amount > 0 && tax.amount >= 0) {
        const problem = expenseRuleProblem({
          amount: amount.amount,
          taxAmount: tax.amount,
          status: values.status,
          dueDate: values.dueDate || null,
          paymentMethod: values.paymentMethod,
          paidFromDrawer: values.paidFromDrawer,
        });
        if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }
    });
}

/** The values as the API takes them: minor units, a supplier or a typed payee, blanks as none. */
export function toExpensePayload(values: ExpenseFormValues, currency: string): ExpensePayload {
  const amount = parseMoneyText(values.amount, currency);
  const tax = values.taxAmount.trim() === '' ? ({ ok: true, amount: 0 } as const) : parseMoneyText(values.taxAmount, currency);
  if (!amount.ok || !tax.ok) throw new Error('toExpensePayload needs values that passed expenseFormSchema');
  const typed = values.payeeChoice === TYPED_PAYEE;
  return {
    supplier_id: typed ? null : values.payeeChoice,
    payee_name: typed ? values.payeeName.trim() : null,
    category_id: values.categoryId,
    date: values.date,
    amount: amount.amount,
    tax_amount: tax.amount,
    payment_method: values.paymentMethod,
    paid_from_drawer: values.paymentMethod === 'cash' && values.status === 'paid' ? values.paidFromDrawer : false,
    status: values.status,
    due_date: values.dueDate || null,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
  };
}

/** Only what changed, for PATCH; nothing when the form was saved unchanged. */
export function changedFields(before: ExpensePayload, after: ExpensePayload): Partial<ExpensePayload> {
  const changes: Partial<ExpensePayload> = {};
  for (const key of Object.keys(after) as (keyof ExpensePayload)[]) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

/** Today in the business's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
