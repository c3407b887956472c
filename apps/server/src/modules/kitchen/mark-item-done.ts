import type { KitchenTicketView } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { itemNotFound, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { settleTicketStage } from './ticket-stage.ts';

/** Per-item done: one dish is ready before the rest of its ticket (409 when not on the line). */
export async function markItemDone(database: Database, tenant: TenantContext, ticketId: string, itemId: string, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, ticketId, true);
    if (!ticket) throw ticketNotFound();
    const item = (await repo.itemsOf(tx, tenant.businessId, [ticketId])).find((row) => row.id === itemId);
    if (!item) throw itemNotFound();
    if (item.voided || item.held || item.stage === 'ready' || item.stage === 'served') {
      throw new AppError(409, 'illegal_transition', 'This item is not being prepared');
    }
    await repo.updateItem(tx, tenant.businessId, itemId, { stage: 'ready' });
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, [item], 'item_done');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}
