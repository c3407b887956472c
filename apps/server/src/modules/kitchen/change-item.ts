import { AppError } from '../../lib/app-error.ts';
import type { ChangeItemInput, KitchenTicketView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, itemNotFound, ticketClosed, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { ticketSplit } from '../dining/dining-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { settleTicketStage } from './ticket-stage.ts';

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
      if (note === item.note && quantity === item.quantity) throw new AppError(409, 'kitchen_item_unchanged', 'The item already has this quantity and note');
      await repo.updateItem(tx, tenant.businessId, itemId, { quantity, note, changedFrom: { quantity: item.quantity, note: item.note }, changedAt: now });
    }
    await repo.insertAudits(tx, [
      {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: input.void ? 'kitchen.item_voided' : 'kitchen.item_changed',
        details: { ticket_id: ticketId, number: ticket.number, item_id: itemId, name: item.name, from: { quantity: item.quantity, note: item.note }, ...(input.void ? {} : { to: { quantity: input.quantity ?? item.quantity, note: input.note ?? item.note } }) },
      },
    ]);
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, [item], 'item_changed');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}
