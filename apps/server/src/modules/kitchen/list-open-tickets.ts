import type { KitchenTicketView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toTicketView } from './kitchen-views.ts';
import { loadStageList } from './stage-list.ts';

/** The till's open (unpaid) tickets with their stages. */
export async function listOpenTickets(database: Database, tenant: TenantContext): Promise<KitchenTicketView[]> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const tickets = await repo.openTickets(tx, tenant.businessId);
    const items = await repo.itemsOf(tx, tenant.businessId, tickets.map((ticket) => ticket.id));
    const parts = await diningRepository.partsOf(tx, tenant.businessId, tickets.map((ticket) => ticket.id));
    const list = await loadStageList(tx, tenant.businessId);
    return tickets.map((ticket) => toTicketView(ticket, items, parts, list));
  });
}
