import type { Tx } from '../../db/client.ts';
import { kitchenRepository as repo, type TicketRow } from './kitchen.repository.ts';
import { stageOf } from './kitchen-views.ts';

/** Re-derives the ticket's stage from its items after they changed; answers the ticket as stored. */
export async function settleTicketStage(tx: Tx, ticket: TicketRow, now: Date): Promise<TicketRow> {
  const items = await repo.itemsOf(tx, ticket.businessId, [ticket.id]);
  const stage = stageOf(items);
  const changes = stage === ticket.stage ? { updatedAt: now } : { stage, stageChangedAt: now, updatedAt: now };
  await repo.updateTicket(tx, ticket.businessId, ticket.id, changes);
  return { ...ticket, ...changes };
}
