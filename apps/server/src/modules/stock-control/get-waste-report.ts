import { WASTE_REASON_LABELS, type WasteReason } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';

export interface WasteReportQuery {
  from: string;
  to: string;
  reason?: WasteReason | undefined;
  productId?: string | undefined;
  storeId?: string | undefined;
}

const MAX_DAYS = 366;

function checkRange(query: WasteReportQuery) {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) throw new AppError(422, 'invalid_range', 'The period ends before it starts');
  if (days >= MAX_DAYS) throw new AppError(422, 'invalid_range', `Choose a period of at most ${MAX_DAYS} days`);
}

/**
 * Waste in a period (local dates of the business): the cost lost by reason and by product, and
 * the latest records. Costs are those recorded at the time.
 */
export async function getWasteReport(database: Database, businessId: string, query: WasteReportQuery) {
  checkRange(query);
  return database.withTenant(businessId, async (tx) => {
    const { timeZone, currency } = await repo.settings(tx, businessId);
    const range = { ...query, timeZone };
    const groups = await repo.wasteTotals(tx, businessId, range);
    const records = await repo.wasteInPeriod(tx, businessId, { ...range, limit: 100 });
    const byReason = new Map<WasteReason, { reason: WasteReason; quantity: number; costValue: number; records: number }>();
    const byProduct = new Map<string, { productId: string; name: string; quantity: number; costValue: number; records: number }>();
    for (const group of groups) {
      const reason = byReason.get(group.reason) ?? { reason: group.reason, quantity: 0, costValue: 0, records: 0 };
      reason.quantity += group.quantity;
      reason.costValue += group.costValue;
      reason.records += group.records;
      byReason.set(group.reason, reason);
      const product = byProduct.get(group.productId) ?? { productId: group.productId, name: group.productName, quantity: 0, costValue: 0, records: 0 };
      product.quantity += group.quantity;
      product.costValue += group.costValue;
      product.records += group.records;
      byProduct.set(group.productId, product);
    }
    const reasons = [...byReason.values()].sort((a, b) => b.costValue - a.costValue || a.reason.localeCompare(b.reason));
    const products = [...byProduct.values()].sort((a, b) => b.costValue - a.costValue || a.name.localeCompare(b.name));
    return {
      from: query.from,
      to: query.to,
      currency,
      totals: {
        quantity: reasons.reduce((sum, row) => sum + row.quantity, 0),
        cost_value: reasons.reduce((sum, row) => sum + row.costValue, 0),
        records: reasons.reduce((sum, row) => sum + row.records, 0),
      },
      by_reason: reasons.map((row) => ({ reason: row.reason, quantity: row.quantity, cost_value: row.costValue, records: row.records })),
      by_product: products.map((row) => ({ product_id: row.productId, name: row.name, quantity: row.quantity, cost_value: row.costValue, records: row.records })),
      records: records.map((row) => ({
        id: row.id,
        product_id: row.productId,
        product_name: row.productName,
        sku: row.sku,
        quantity: row.quantity,
        reason: row.reason,
        note: row.note,
        unit_cost: row.unitCost,
        cost_value: row.costValue,
        created_at: row.createdAt,
        actor_name: row.actorName,
        actor_employee_id: row.actorEmployeeId,
      })),
    };
  });
}

export const WASTE_CSV_COLUMNS = ['recorded_at', 'product', 'sku', 'quantity', 'reason', 'unit_cost', 'cost_value', 'note', 'recorded_by'] as const;

/** Every waste record of the period as CSV; money in major units of the currency (2 decimals). */
export async function exportWaste(database: Database, businessId: string, query: WasteReportQuery): Promise<string> {
  checkRange(query);
  const rows = await database.withTenant(businessId, async (tx) => {
    const { timeZone } = await repo.settings(tx, businessId);
    return repo.wasteInPeriod(tx, businessId, { ...query, timeZone });
  });
  const major = (minor: number) => (minor / 100).toFixed(2);
  return toCsv([
    [...WASTE_CSV_COLUMNS],
    ...rows.map((row) => [
      row.createdAt,
      protectFormula(row.productName),
      protectFormula(row.sku ?? ''),
      String(row.quantity),
      WASTE_REASON_LABELS[row.reason],
      major(row.unitCost),
      major(row.costValue),
      protectFormula(row.note ?? ''),
      protectFormula(row.actorName ?? 'Business owner'),
    ]),
  ]);
}
