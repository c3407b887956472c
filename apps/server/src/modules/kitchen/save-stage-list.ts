import { remapStage, stageIndexIn, stageListToWire, stageRoleAt, type StageListInput, type StageListView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { loadStageList } from './stage-list.ts';
import { settleTicketStage } from './ticket-stage.ts';

/**
 * Names the business's kitchen stages (decision 036). Items of open tickets move by core's
 * remapStage: a stage of the same name keeps them, otherwise they keep their position (capped
 * before served, so a change never serves a dish); served stays served. One transaction: the
 * list and every remapped item change together, audited as a setting.
 */
export async function saveStageList(database: Database, tenant: TenantContext, input: StageListInput, now: Date): Promise<StageListView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    await repo.lockStageList(tx, tenant.businessId);
    const old = await loadStageList(tx, tenant.businessId);
    const next: StageListInput = { stages: input.stages.map((stage) => stage.trim()), readyIndex: input.readyIndex };
    await repo.saveStageList(tx, tenant.businessId, next.stages, next.readyIndex, now);
    const tickets = await repo.openTicketsForUpdate(tx, tenant.businessId);
    const items = await repo.itemsOf(tx, tenant.businessId, tickets.map((ticket) => ticket.id));
    for (const item of items) {
      const from = old.stages[stageIndexIn(old, item.stage, item.stageName)]!;
      const stageName = remapStage(old.stages, next.stages, from);
      const stage = stageRoleAt(next, next.stages.indexOf(stageName));
      if (stage !== item.stage || stageName !== item.stageName) await repo.updateItem(tx, tenant.businessId, item.id, { stage, stageName });
    }
    for (const ticket of tickets) {
      const settled = await settleTicketStage(tx, ticket, now, next);
      if (settled.stage !== ticket.stage || settled.stageName !== ticket.stageName) await announceTicket(tx, settled, [], 'moved');
    }
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.stages_changed', details: { stages: next.stages, ready_index: next.readyIndex, open_tickets: tickets.length } }]);
    return stageListToWire(next);
  });
}
