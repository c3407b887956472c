import { AppError } from '../../lib/app-error.ts';
import { sameOptions, type ChangeItemInput, type ChosenModifier, type KitchenTicketView } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { lineModifiers } from '../orders/line-modifiers.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, itemNotFound, ticketClosed, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { ticketSplit } from '../dining/dining-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { settleTicketStage } from './ticket-stage.ts';

type ItemModifiers = ChosenModifier[] | null;

const sameModifiers = (a: ItemModifiers, b: ItemModifiers) => sameOptions((a ?? []).map((m) => m.optionId), (b ?? []).map((m) => m.optionId));

/** New modifier choices for a sent item, checked against its product's groups now (decision 035). */
async function rechooseModifiers(tx: Tx, businessId: string, item: { productId: string | null }, optionIds: string[]): Promise<ItemModifiers> {
  const [product] = item.productId ? await repo.productsFor(tx, businessId, [item.productId]) : [];
  if (!product) throw new AppError(422, 'product_unavailable', 'The product of this item is not for sale any more');
  return lineModifiers(product, optionIds, product.price).modifiers;
}

/**
 * A change to an item after it was sent (issue 16 item 4): a new quantity or note keeps what it
 * was (`changedFrom`), a void keeps the item, struck through; nothing disappears from the display.
 * Audited.
 */
export async function changeItem(database: Database, tenant: TenantContext, ticketId: string, itemId: string, input: ChangeItemInput, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, ticketId, true);
    if (!ticket) throw ticketNotFound();
    if (ticket.status !== 'open') throw ticketClosed();
    if ((await diningRepository.partsOf(tx, tenant.businessId, [ticketId])).length) throw ticketSplit();
    const item = (await repo.itemsOf(tx, tenant.businessId, [ticketId])).find((row) => row.id === itemId);
    if (!item) throw itemNotFound();
    if (item.voided) throw new AppError(409, 'kitchen_item_voided', 'This item was already voided');
    if (input.void) {
      await repo.updateItem(tx, tenant.businessId, itemId, { voided: true, changedAt: now });
    } else {
      const note = input.note === undefined ? item.note : input.note?.trim() ? input.note.trim() : null;
      const quantity = input.quantity ?? item.quantity;
      const modifiers = input.modifierOptionIds === undefined ? item.modifiers : await rechooseModifiers(tx, tenant.businessId, item, input.modifierOptionIds);
      const modifiersChanged = !sameModifiers(modifiers, item.modifiers);
      if (note === item.note && quantity === item.quantity && !modifiersChanged) {
        throw new AppError(409, 'kitchen_item_unchanged', 'The item already has this quantity, note and modifiers');
      }
      await repo.updateItem(tx, tenant.businessId, itemId, {
        quantity,
        note,
        ...(modifiersChanged ? { modifiers } : {}),
        changedFrom: { quantity: item.quantity, note: item.note, ...(modifiersChanged ? { modifiers: item.modifiers ?? [] } : {}) },
        changedAt: now,
      });
    }
    await repo.insertAudits(tx, [
      {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: input.void ? 'kitchen.item_voided' : 'kitchen.item_changed',
        details: { ticket_id: ticketId, number: ticket.number, item_id: itemId, name: item.name, from: { quantity: item.quantity, note: item.note }, ...(input.void ? {} : { to: { quantity: input.quantity ?? item.quantity, note: input.note ?? item.note, ...(input.modifierOptionIds ? { modifier_option_ids: input.modifierOptionIds } : {}) } }) },
      },
    ]);
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, [item], 'item_changed');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}
