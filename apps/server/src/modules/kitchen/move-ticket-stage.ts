import { nextStage, previousStage, stationPrepares, ticketStage, type KitchenTicketView, type StageMoveInput } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { stationNotFound, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toStationView } from './kitchen-views.ts';
import { readTicket } from './read-ticket.ts';
import { settleTicketStage } from './ticket-stage.ts';

const illegal = (message: string) => new AppError(409, 'illegal_transition', message);

/**
 * Bump (one stage on: New → Cooking → Ready → Served) or recall (one stage back) the live items
 * of a ticket: all of them from the expo view, a station's from that station. `from` is the stage
 * the screen shows; a screen that is behind gets 409 rather than skipping a stage.
 */
export async function moveTicketStage(database: Database, tenant: TenantContext, id: string, direction: 'bump' | 'recall', input: StageMoveInput, now: Date): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.findTicket(tx, tenant.businessId, id, true);
    if (!ticket) throw ticketNotFound();
    if (ticket.status === 'cancelled') throw illegal('This ticket was cancelled');
    let items = (await repo.itemsOf(tx, tenant.businessId, [id])).filter((item) => !item.voided && !item.held);
    if (input.stationId) {
      const station = await repo.findStation(tx, tenant.businessId, input.stationId);
      if (!station) throw stationNotFound();
      items = items.filter((item) => stationPrepares(toStationView(station), item));
    }
    if (items.length === 0) throw illegal('Nothing on this ticket is on the line here');
    const current = ticketStage(items);
    let moving;
    let to;
    if (direction === 'bump') {
      to = nextStage(input.from);
      if (!to) throw illegal(`A ${input.from} ticket cannot be bumped`);
      if (current !== input.from) throw illegal(`This ticket is ${current} now, not ${input.from}`);
      moving = items.filter((item) => item.stage === input.from);
    } else {
      to = previousStage(input.from);
      if (!to) throw illegal(`A ${input.from} ticket cannot be recalled`);
      moving = items.filter((item) => item.stage === input.from);
      if (moving.length === 0) throw illegal(`Nothing on this ticket is ${input.from}`);
    }
    await repo.updateItems(tx, tenant.businessId, moving.map((item) => item.id), { stage: to });
    const settled = await settleTicketStage(tx, ticket, now);
    await announceTicket(tx, settled, moving, direction === 'bump' ? 'bumped' : 'recalled');
    return readTicket(tx, tenant.businessId, id);
  });
}
