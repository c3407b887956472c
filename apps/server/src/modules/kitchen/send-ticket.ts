import type { KitchenTicketView, SendTicketInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { tableFree, tableNotFound } from '../dining/dining-errors.ts';
import { businessDayOf } from './business-day.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { itemRows } from './ticket-items.ts';

/**
 * "Send to kitchen" (issue 16 item 2): a new ticket with its first round, numbered per business
 * per day, before payment. A retry with the same idempotency key returns the first ticket.
 */
export async function sendTicket(database: Database, tenant: TenantContext, input: SendTicketInput, now: Date): Promise<{ replayed: boolean; ticket: KitchenTicketView }> {
  return tableFree(() => database.withTenant(tenant.businessId, async (tx) => {
    const existing = await repo.findTicketByKey(tx, tenant.businessId, input.idempotencyKey);
    if (existing) return { replayed: true, ticket: await readTicket(tx, tenant.businessId, existing.id) };
    const table = input.tableId ? await diningRepository.findTable(tx, tenant.businessId, input.tableId) : null;
    if (input.tableId && !table) throw tableNotFound();
    const businessDay = businessDayOf(await repo.timeZoneOf(tx, tenant.businessId), now);
    const id = uuidV7();
    const items = await itemRows(tx, tenant.businessId, id, 1, input.items, now);
    const number = await repo.nextTicketNumber(tx, tenant.businessId, businessDay);
    const ticket = await repo.insertTicket(tx, {
      id,
      businessId: tenant.businessId,
      businessDay,
      number,
      orderType: input.orderType,
      tableLabel: table?.name ?? input.table ?? null,
      tableId: table?.id ?? null,
      guests: input.guests ?? null,
      idempotencyKey: input.idempotencyKey,
      registerId: tenant.registerId,
      employeeId: tenant.employeeSession?.employeeId ?? null,
      createdAt: now,
      stageChangedAt: now,
      updatedAt: now,
    });
    await repo.insertItems(tx, items);
    await announceTicket(tx, ticket, items, 'sent');
    return { replayed: false, ticket: await readTicket(tx, tenant.businessId, id) };
  }));
}
