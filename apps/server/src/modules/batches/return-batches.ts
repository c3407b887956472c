import { allocateReturn } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { batchesRepository as repo } from './batches.repository.ts';

/**
 * Where a refund of an order's units goes back (decision 048): to the lots the sale took them
 * from (core's allocateReturn, net of earlier refunds of the order). A product that does not
 * track batches, or units the sale took from no lot, come back as one movement naming no lot.
 */
export async function planReturnToBatches(tx: Tx, businessId: string, orderId: string, productId: string, quantity: number): Promise<{ batchId: string | null; quantity: number }[]> {
  const moved = await repo.orderLotMovements(tx, businessId, orderId, productId);
  if (moved.length === 0) return [{ batchId: null, quantity }];
  const taken = moved.filter((row) => row.reason === 'sale').map((row) => ({ batchId: row.batchId!, quantity: -row.quantityDelta }));
  const returned = moved.filter((row) => row.reason === 'refund').map((row) => ({ batchId: row.batchId!, quantity: row.quantityDelta }));
  const { takes, unassigned } = allocateReturn(taken, returned, quantity);
  return [...takes, ...(unassigned > 0 ? [{ batchId: null, quantity: unassigned }] : [])];
}
