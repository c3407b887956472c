import type { KitchenTicketView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { readTicket } from './read-ticket.ts';

/** One ticket of this business (404 otherwise, another business's included). */
export function getTicket(database: Database, tenant: TenantContext, id: string): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, (tx) => readTicket(tx, tenant.businessId, id));
}
