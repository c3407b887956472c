import type { Database } from '../../db/client.ts';
import { minorToDecimalText } from '../products/money-text.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { businessToday } from './business-today.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { invoiceSummary } from './read-purchase-invoice.ts';

export const INVOICE_CSV_COLUMNS = ['supplier', 'invoice_number', 'invoice_date', 'due_date', 'net', 'tax', 'total', 'paid', 'balance', 'status', 'days_overdue'] as const;

/** Every purchasing invoice as CSV, money as decimal text in the business currency. */
export async function exportPurchaseInvoices(database: Database, businessId: string, now: Date): Promise<string> {
  const { rows, business } = await database.withTenant(businessId, async (tx) => ({ rows: await repo.all(tx, businessId), business: await purchasingRepository.businessOf(tx, businessId) }));
  const today = businessToday(business.timeZone, now);
  const money = (amount: number) => minorToDecimalText(amount, business.currency);
  return toCsv([
    [...INVOICE_CSV_COLUMNS],
    ...rows.map((row) => {
      const view = invoiceSummary(row.invoice, row.supplierName, business.currency, today);
      return [
        protectFormula(view.supplier.name),
        protectFormula(view.invoiceNumber),
        view.invoiceDate,
        view.dueDate,
        money(view.net),
        money(view.tax),
        money(view.total),
        money(view.paidTotal),
        money(view.balance),
        view.status,
        String(view.daysOverdue),
      ];
    }),
  ]);
}
