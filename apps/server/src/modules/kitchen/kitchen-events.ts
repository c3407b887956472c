import { realtimeTopic, stationPrepares, type KitchenTicketEvent } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { publishAfterCommit } from '../../realtime/publish.ts';
import { kitchenRepository as repo, type TicketItemRow, type TicketRow } from './kitchen.repository.ts';
import { toTicketEvent } from './kitchen-views.ts';

/**
 * Announces a ticket's change once the transaction commits: on the business channel (the till
 * and the expo view) and on the channel of every station that prepares one of its items.
 */
export async function announceTicket(tx: Tx, ticket: TicketRow, items: Pick<TicketItemRow, 'categoryId'>[], change: KitchenTicketEvent['change']) {
  const payload = toTicketEvent(ticket, change);
  publishAfterCommit(tx, ticket.businessId, realtimeTopic.business(ticket.businessId), 'kitchen.ticket', payload);
  const stations = await repo.stations(tx, ticket.businessId);
  for (const station of stations) {
    if (items.some((item) => stationPrepares(station, item))) {
      publishAfterCommit(tx, ticket.businessId, realtimeTopic.station(station.id), 'kitchen.ticket', payload);
    }
  }
}
