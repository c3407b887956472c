import type { Database } from '../../db/client.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';

export const SUPPLIER_CSV_COLUMNS = ['name', 'contact_name', 'email', 'phone', 'address', 'tax_number', 'payment_terms_days', 'lead_time_days', 'currency_note', 'notes', 'archived'] as const;

/** Every supplier of the business (archived ones marked) as CSV; text a spreadsheet would run as a formula is quoted with a leading '. */
export async function exportSuppliers(database: Database, businessId: string): Promise<string> {
  const rows = await database.withTenant(businessId, (tx) => repo.allSuppliers(tx, businessId));
  const text = (value: string | null) => protectFormula(value ?? '');
  return toCsv([
    [...SUPPLIER_CSV_COLUMNS],
    ...rows.map((row) => [
      text(row.name),
      text(row.contactName),
      text(row.email),
      text(row.phone),
      text(row.address),
      text(row.taxNumber),
      String(row.paymentTermsDays),
      row.leadTimeDays === null ? '' : String(row.leadTimeDays),
      text(row.currencyNote),
      text(row.notes),
      row.isActive ? 'no' : 'yes',
    ]),
  ]);
}
