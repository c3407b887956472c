import type { KitchenTicketView } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { ticketClosed, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { settleTicketStage } from './ticket-stage.ts';

/** "Fire": the held course goes on the line now (its timer starts); 409 when nothing is held. */
export async function fireCourse(database: Database, tenant: TenantContext, id: string, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, id, true);
    if (!ticket) throw ticketNotFound();
    if (ticket.status !== 'open') throw ticketClosed();
    const held = (await repo.itemsOf(tx, tenant.businessId, [id])).filter((item) => item.held && !item.voided);
    if (held.length === 0) throw new AppError(409, 'kitchen_nothing_held', 'Nothing on this ticket is held');
    await repo.updateItems(tx, tenant.businessId, held.map((item) => item.id), { held: false, sentAt: now });
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, held, 'fired');
    return readTicket(tx, tenant.businessId, id);
  });
}
