import type { KitchenTicketView, MoveTicketInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, ticketClosed, ticketNotFound } from '../kitchen/kitchen-errors.ts';
import { announceTicket } from '../kitchen/kitchen-events.ts';
import { kitchenRepository } from '../kitchen/kitchen.repository.ts';
import { readTicket } from '../kitchen/read-ticket.ts';
import { tableFree, tableNotFound, tableOccupied } from './dining-errors.ts';
import { diningRepository as repo } from './dining.repository.ts';

/**
 * Moves an open ticket to another table (decision 036): only to a free table of the business
 * (no merging); the one-open-ticket-per-table index settles two moves racing to the same table.
 * Audited; the display and the till see the ticket's table change, nothing disappears.
 */
export function moveTicket(database: Database, tenant: TenantContext, ticketId: string, input: MoveTicketInput): Promise<KitchenTicketView> {
  return tableFree(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      const ticket = await repo.lockTicket(tx, tenant.businessId, ticketId);
      if (!ticket) throw ticketNotFound();
      if (ticket.status !== 'open') throw ticketClosed();
      const table = await repo.findTable(tx, tenant.businessId, input.tableId);
      if (!table) throw tableNotFound();
      if (ticket.tableId === table.id) return readTicket(tx, tenant.businessId, ticketId);
      if ((await repo.openTicketsOnTables(tx, tenant.businessId, [table.id])).length) throw tableOccupied();
      const moved = await repo.updateTicket(tx, tenant.businessId, ticketId, { tableId: table.id, tableLabel: table.name, orderType: 'dine_in' });
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'kitchen.ticket_moved',
        details: { ticket_id: ticketId, number: ticket.number, from: { table_id: ticket.tableId, table: ticket.tableLabel }, to: { table_id: table.id, table: table.name } },
      });
      await announceTicket(tx, moved, await kitchenRepository.itemsOf(tx, tenant.businessId, [ticketId]), 'moved');
      return readTicket(tx, tenant.businessId, ticketId);
    }),
  );
}
