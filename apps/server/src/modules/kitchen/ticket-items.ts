import type { KitchenItemInput } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { lineModifiers } from '../orders/line-modifiers.ts';
import { productsNotFound } from './kitchen-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';

/** The rows of one round of items: names, categories and checked modifiers from the catalogue (422 for a product not sold or a bad choice). */
export async function itemRows(tx: Tx, businessId: string, ticketId: string, round: number, items: KitchenItemInput[], now: Date) {
  const ids = [...new Set(items.map((item) => item.productId))];
  const found = new Map((await repo.productsFor(tx, businessId, ids)).map((product) => [product.id, product]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw productsNotFound(missing);
  return items.map((item, position) => {
    const product = found.get(item.productId)!;
    // Decision 035: checked against the product's groups, kept as sent (names and deltas).
    const { modifiers } = lineModifiers(product, item.modifierOptionIds, product.price);
    return {
      id: uuidV7(),
      businessId,
      ticketId,
      productId: product.id,
      name: product.name,
      categoryId: product.categoryId,
      quantity: item.quantity,
      note: item.note?.trim() ? item.note.trim() : null,
      seat: item.seat ?? null,
      modifiers,
      round,
      stage: 'new' as const,
      held: item.hold ?? false,
      voided: false,
      sentAt: now,
      position,
    };
  });
}
