import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { toExpenseView } from './expense-view.ts';
import { expensesRepository as repo, type ExpenseFilters, type ExpenseKeyset } from './expenses.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An opaque keyset cursor: the date and id of the last expense shown. */
export const encodeExpenseCursor = (position: ExpenseKeyset) => Buffer.from(JSON.stringify([position.expenseDate, position.id])).toString('base64url');

export function decodeExpenseCursor(cursor: string): ExpenseKeyset {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && DAY.test(parsed[0]) && typeof parsed[1] === 'string' && UUID.test(parsed[1])) {
      const year = Number(parsed[0].slice(0, 4));
      if (year >= 1900 && year <= 9999 && !Number.isNaN(Date.parse(parsed[0]))) return { expenseDate: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('invalid_cursor', 'The cursor is not one this list returned');
}

/** A range that ends before it starts finds nothing by mistake: say so instead. */
export function checkRange(filters: ExpenseFilters): void {
  if (filters.from && filters.to && filters.from > filters.to) throw badRequest('invalid_range', 'The start date is after the end date');
}

/** Expenses matching the filters, newest date first, a page at a time. */
export async function listExpenses(
  database: Database,
  businessId: string,
  input: ExpenseFilters & { limit: number; cursor?: string | undefined },
  signUrl: FileUrlSigner,
) {
  checkRange(input);
  const after = input.cursor ? decodeExpenseCursor(input.cursor) : null;
  const { limit, cursor: _cursor, ...filters } = input;
  const rows = await database.withTenant(businessId, (tx) => repo.page(tx, businessId, filters, { limit: limit + 1, after }));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    expenses: page.map((row) => toExpenseView(row, signUrl)),
    next_cursor: rows.length > limit && last ? encodeExpenseCursor({ expenseDate: last.expense.expenseDate, id: last.expense.id }) : null,
  };
}
