import type { AddRoundInput, KitchenTicketView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { ticketClosed, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { ticketSplit } from '../dining/dining-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { itemRows } from './ticket-items.ts';
import { settleTicketStage } from './ticket-stage.ts';

/** A later round on an open ticket: its items join the same ticket as round n+1 (409 once paid). */
export async function addRound(database: Database, tenant: TenantContext, id: string, input: AddRoundInput, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, id, true);
    if (!ticket) throw ticketNotFound();
    if (ticket.status !== 'open') throw ticketClosed();
    if ((await diningRepository.partsOf(tx, tenant.businessId, [id])).length) throw ticketSplit();
    const round = (await repo.lastRound(tx, tenant.businessId, id)) + 1;
    const items = await itemRows(tx, tenant.businessId, id, round, input.items, now);
    await repo.insertItems(tx, items);
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, items, 'round');
    return readTicket(tx, tenant.businessId, id);
  });
}
