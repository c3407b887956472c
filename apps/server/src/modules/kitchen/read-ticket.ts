import type { KitchenTicketView } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { ticketNotFound } from './kitchen-errors.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toTicketView } from './kitchen-views.ts';
import { loadStageList } from './stage-list.ts';

/** One ticket with its items, as the till and the display show it. */
export async function readTicket(tx: Tx, businessId: string, id: string): Promise<KitchenTicketView> {
  const ticket = await repo.findTicket(tx, businessId, id);
  if (!ticket) throw ticketNotFound();
  return toTicketView(ticket, await repo.itemsOf(tx, businessId, [id]), await diningRepository.partsOf(tx, businessId, [id]), await loadStageList(tx, businessId));
}
