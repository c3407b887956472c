import { describe, expect, it } from 'vitest';
import { changedFields, emptyExpenseForm, expenseFormSchema, toExpensePayload, TYPED_PAYEE, type ExpenseFormValues } from './expense-form';

const valid = (overrides: Partial<ExpenseFormValues> = {}): ExpenseFormValues => ({
  ...emptyExpenseForm('2026-11-02'),
  payeeName: 'City Power',
  categoryId: 'c1',
  amount: '120.00',
  taxAmount: '20',
  ...overrides,
});

const messages = (values: ExpenseFormValues, currency = 'USD') => {
  const result = expenseFormSchema(currency).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the expense form', () => {
  it('turns typed decimals into minor units, blanks into none', () => {
    expect(messages(valid())).toEqual({});
    expect(toExpensePayload(valid({ notes: '  ' }), 'USD')).toEqual({
      supplier_id: null,
      payee_name: 'City Power',
      category_id: 'c1',
      date: '2026-11-02',
      amount: 12_000,
      tax_amount: 2_000,
      payment_method: 'card',
      paid_from_drawer: false,
      status: 'paid',
      due_date: null,
      notes: null,
    });
    expect(toExpensePayload(valid({ amount: '1500', taxAmount: '' }), 'JPY')).toMatchObject({ amount: 1500, tax_amount: 0 });
  });

  it('names a supplier instead of a typed payee', () => {
    expect(messages(valid({ payeeChoice: 'supplier-1', payeeName: '' }))).toEqual({});
    expect(toExpensePayload(valid({ payeeChoice: 'supplier-1', payeeName: 'ignored' }), 'USD')).toMatchObject({ supplier_id: 'supplier-1', payee_name: null });
  });

  it('says what is wrong, on the field that is wrong', () => {
    expect(messages(valid({ payeeChoice: TYPED_PAYEE, payeeName: ' ' }))).toEqual({ payeeName: 'Enter who was paid' });
    expect(messages(valid({ amount: '12.345' }))).toEqual({ amount: 'Use at most 2 decimal places for USD' });
    expect(messages(valid({ amount: '0' }))).toEqual({ amount: 'The amount must be more than zero' });
    expect(messages(valid({ amount: '-5' }))).toEqual({ amount: 'The amount must be more than zero' });
    expect(messages(valid({ amount: '' }))).toEqual({ amount: 'Enter the amount paid' });
    expect(messages(valid({ taxAmount: '200' }))).toEqual({ taxAmount: 'The tax cannot be more than the amount it is part of' });
    expect(messages(valid({ status: 'unpaid' }))).toEqual({ dueDate: 'An unpaid expense needs a due date' });
    expect(messages(valid({ paidFromDrawer: true }))).toEqual({ paidFromDrawer: 'Only a paid cash expense can come out of the cash drawer' });
    expect(messages(valid({ categoryId: '' }))).toEqual({ categoryId: 'Choose a category' });
  });

  it('sends only the fields that changed', () => {
    const before = toExpensePayload(valid(), 'USD');
    expect(changedFields(before, before)).toEqual({});
    expect(changedFields(before, toExpensePayload(valid({ amount: '130', notes: 'late fee' }), 'USD'))).toEqual({ amount: 13_000, notes: 'late fee' });
  });
});
