import { AGED_PAYABLE_BUCKETS, agedPayableBucketOfDays, type AgedPayableBucket } from '@till/core';
import type { Database } from '../../db/client.ts';
import { businessToday } from './business-today.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { purchasingRepository } from './purchasing.repository.ts';

type Buckets = Record<AgedPayableBucket, number>;
const empty = (): Buckets => Object.fromEntries(AGED_PAYABLE_BUCKETS.map((bucket) => [bucket, 0])) as Buckets;

/** Open balances by supplier and age on `asOf` (default: today in the business's zone): current, 1–30, 31–60, 61–90, 90+ days overdue. */
export async function getAgedPayables(database: Database, businessId: string, asOfInput: string | undefined, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const business = await purchasingRepository.businessOf(tx, businessId);
    const asOf = asOfInput ?? businessToday(business.timeZone, now);
    const rows = await repo.openBalancesByDaysOverdue(tx, businessId, asOf);
    const bySupplier = new Map<string, { supplierId: string; supplierName: string; buckets: Buckets; total: number }>();
    const totals = empty();
    for (const row of rows) {
      const bucket = agedPayableBucketOfDays(row.daysOverdue);
      const entry = bySupplier.get(row.supplierId) ?? { supplierId: row.supplierId, supplierName: row.supplierName, buckets: empty(), total: 0 };
      entry.buckets[bucket] += row.balance;
      entry.total += row.balance;
      totals[bucket] += row.balance;
      bySupplier.set(row.supplierId, entry);
    }
    return {
      asOf,
      currency: business.currency,
      suppliers: [...bySupplier.values()].sort((a, b) => a.supplierName.localeCompare(b.supplierName)),
      totals,
      total: Object.values(totals).reduce((sum, value) => sum + value, 0),
    };
  });
}
