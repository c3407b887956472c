import { stageIndexIn, stageIndexOfName, stageRoleAt, stationPrepares, type KitchenTicketView, type StageMoveInput } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { stationNotFound, ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { readTicket } from './read-ticket.ts';
import { loadStageList } from './stage-list.ts';
import { settleTicketStage, ticketStageIndex } from './ticket-stage.ts';

const illegal = (message: string) => new AppError(409, 'illegal_transition', message);

/**
 * Bump (one stage on in the business's list, decision 036: New → Cooking → Ready → Served by default) or recall (one stage back) the live items
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
      items = items.filter((item) => stationPrepares(station, item));
    }
    if (items.length === 0) throw illegal('Nothing on this ticket is on the line here');
    const list = await loadStageList(tx, tenant.businessId);
    const from = stageIndexOfName(list, input.from);
    if (from === null) throw illegal(`This kitchen has no ${input.from} stage`);
    const name = list.stages[from]!;
    const current = ticketStageIndex(list, items);
    const at = (item: (typeof items)[number]) => stageIndexIn(list, item.stage, item.stageName);
    const moving = items.filter((item) => at(item) === from);
    let to;
    if (direction === 'bump') {
      to = from + 1;
      if (to >= list.stages.length) throw illegal(`A ${name} ticket cannot be bumped`);
      if (current !== from) throw illegal(`This ticket is ${list.stages[current]} now, not ${name}`);
    } else {
      to = from - 1;
      if (to < 0) throw illegal(`A ${name} ticket cannot be recalled`);
      if (moving.length === 0) throw illegal(`Nothing on this ticket is ${name}`);
    }
    await repo.updateItems(tx, tenant.businessId, moving.map((item) => item.id), { stage: stageRoleAt(list, to), stageName: list.stages[to]! });
    const settled = await settleTicketStage(tx, ticket, now, list);
    await announceTicket(tx, settled, moving, direction === 'bump' ? 'bumped' : 'recalled');
    return readTicket(tx, tenant.businessId, id);
  });
}
