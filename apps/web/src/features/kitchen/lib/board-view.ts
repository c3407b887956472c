import { stationPrepares, ticketStage, type KitchenItemView, type KitchenStage, type KitchenStationView, type KitchenTicketView } from '@till/core';

export const EXPO_THRESHOLDS = { warnAfterSeconds: 480, lateAfterSeconds: 900 };

export interface DisplayTicket {
  ticket: KitchenTicketView;
  /** The items this view shows: a station's own (voided and changed ones included), or all. */
  items: KitchenItemView[];
  /** The stage as this view sees it: of its own live items. */
  stage: KitchenStage;
}

/**
 * The tickets a view shows, oldest first: the expo view every ticket, a station those with an
 * item of its categories (voided ones too, so a void after sending shows as a change). Served
 * tickets stay for `clearAfterMs` after their last stage change, then clear by themselves.
 */
export function ticketsForView(tickets: KitchenTicketView[], station: KitchenStationView | null, now: number, clearAfterMs: number): DisplayTicket[] {
  const shown: DisplayTicket[] = [];
  for (const ticket of tickets) {
    const items = station ? ticket.items.filter((item) => stationPrepares(station, item)) : ticket.items;
    if (items.length === 0) continue;
    const stage = station ? ticketStage(items) : ticket.stage;
    if (stage === 'served' && now - Date.parse(ticket.stageChangedAt) > clearAfterMs) continue;
    shown.push({ ticket, items, stage });
  }
  // Served ones last, the rest in the order they came.
  return shown.sort((a, b) => Number(a.stage === 'served') - Number(b.stage === 'served') || Date.parse(a.ticket.createdAt) - Date.parse(b.ticket.createdAt));
}
