import { stageIndexIn, type KitchenTicketView } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { itemNotFound, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { loadStageList } from './stage-list.ts';
import { settleTicketStage } from './ticket-stage.ts';

/** Per-item done: one dish jumps to the list's ready stage before the rest of its ticket (409 when not on the line). */
export async function markItemDone(database: Database, tenant: TenantContext, ticketId: string, itemId: string, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, ticketId, true);
    if (!ticket) throw ticketNotFound();
    const item = (await repo.itemsOf(tx, tenant.businessId, [ticketId])).find((row) => row.id === itemId);
    if (!item) throw itemNotFound();
    const list = await loadStageList(tx, tenant.businessId);
    if (item.voided || item.held || stageIndexIn(list, item.stage, item.stageName) >= list.readyIndex) {
      throw new AppError(409, 'illegal_transition', 'This item is not being prepared');
    }
    await repo.updateItem(tx, tenant.businessId, itemId, { stage: 'ready', stageName: list.stages[list.readyIndex]! });
    const settled = await settleTicketStage(tx, ticket, now, list);
    await announceTicket(tx, settled, [item], 'item_done');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}
