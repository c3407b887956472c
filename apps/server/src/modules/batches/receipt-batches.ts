import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchesRepository as repo } from './batches.repository.ts';

/**
 * The lots a delivery goes into (decision 048): for each line of a batch-tracked product that
 * names a lot, that lot in the receiving store (the one the receipt names, decision 049, else the
 * default store), created with its expiry date or topped up. A lot already known with another
 * expiry date is a 422. A line without a lot goes to the "no lot" batch (the movement names none).
 * Returns each line's batch (null: none), in the lines' order.
 */
export async function receiptLots(
  tx: Tx,
  businessId: string,
  lines: readonly { productId: string; name: string; batchNumber: string | null; expiryDate: string | null }[],
  receivingStoreId: string | null = null,
): Promise<(string | null)[]> {
  const lots: (string | null)[] = lines.map(() => null);
  const withLot = lines.filter((line) => line.batchNumber);
  if (withLot.length === 0) return lots;
  const tracked = await repo.batchTrackedIds(tx, businessId, withLot.map((line) => line.productId));
  if (tracked.size === 0) return lots;
  const storeId = receivingStoreId ?? (await repo.defaultStore(tx, businessId));
  if (!storeId) return lots;
  for (const [index, line] of lines.entries()) {
    if (!line.batchNumber || !tracked.has(line.productId)) continue;
    const lotNumber = line.batchNumber!;
    const existing = await repo.findLot(tx, businessId, line.productId, storeId, lotNumber);
    if (existing?.expiryDate && line.expiryDate && existing.expiryDate !== line.expiryDate) {
      throw new AppError(422, 'batch_expiry_mismatch', `Lot ${lotNumber} of ${line.name} is already recorded as expiring on ${existing.expiryDate}`, {
        productId: line.productId,
        expiryDate: existing.expiryDate,
      });
    }
    const lot = await repo.ensureLot(tx, { businessId, productId: line.productId, storeId, lotNumber, expiryDate: line.expiryDate });
    lots[index] = lot.id;
  }
  return lots;
}
