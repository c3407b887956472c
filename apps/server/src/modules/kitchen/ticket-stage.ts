import { stageIndexIn, stageRoleAt, type StageListInput } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { kitchenRepository as repo, type TicketRow } from './kitchen.repository.ts';
import { loadStageList } from './stage-list.ts';

type Staged = { stage: TicketRow['stage']; stageName: string | null; voided: boolean; held: boolean };

/**
 * A ticket's place in the list: that of its least advanced live item (core's ticketStage rule
 * over the business's list). Nothing live: served when everything was voided, the first stage
 * while something is held.
 */
export function ticketStageIndex(list: StageListInput, items: readonly Staged[]): number {
  const live = items.filter((item) => !item.voided && !item.held);
  if (live.length === 0) return items.some((item) => !item.voided) ? 0 : list.stages.length - 1;
  return Math.min(...live.map((item) => stageIndexIn(list, item.stage, item.stageName)));
}

/** Re-derives the ticket's stage from its items after they changed; answers the ticket as stored. */
export async function settleTicketStage(tx: Tx, ticket: TicketRow, now: Date, known?: StageListInput): Promise<TicketRow> {
  const list = known ?? (await loadStageList(tx, ticket.businessId));
  const items = await repo.itemsOf(tx, ticket.businessId, [ticket.id]);
  const index = ticketStageIndex(list, items);
  const stage = stageRoleAt(list, index);
  const stageName = list.stages[index]!;
  const same = stage === ticket.stage && stageName === ticket.stageName;
  const changes = same ? { updatedAt: now } : { stage, stageName, stageChangedAt: now, updatedAt: now };
  await repo.updateTicket(tx, ticket.businessId, ticket.id, changes);
  return { ...ticket, ...changes };
}
