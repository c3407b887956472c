import {
  DEFAULT_STAGE_LIST,
  stageIndexIn,
  stationPrepares,
  ticketStage,
  type KitchenItemView,
  type KitchenStage,
  type KitchenStationView,
  type KitchenTicketView,
  type StageListInput,
} from '@till/core';

export const EXPO_THRESHOLDS = { warnAfterSeconds: 480, lateAfterSeconds: 900 };

export interface DisplayTicket {
  ticket: KitchenTicketView;
  /** The items this view shows: a station's own (voided and changed ones included), or all. */
  items: KitchenItemView[];
  /** The stage's role as this view sees it: of its own live items. */
  stage: KitchenStage;
  /** Its stage's name in the business's list (decision 036), and the name a bump moves it to. */
  stageName: string;
  nextStageName: string | null;
}

/** A view's place in the list: its least advanced live item's (the ticket's own for the expo). */
function stageIndexOf(list: StageListInput, ticket: KitchenTicketView, items: KitchenItemView[], station: KitchenStationView | null): number {
  if (!station) return stageIndexIn(list, ticket.stage, ticket.stage_name);
  const live = items.filter((item) => !item.voided && !item.held);
  if (live.length === 0) return stageIndexIn(list, ticketStage(items), null);
  return Math.min(...live.map((item) => stageIndexIn(list, item.stage, item.stage_name)));
}

/**
 * The tickets a view shows, oldest first: the expo view every ticket, a station those with an
 * item of its categories (voided ones too, so a void after sending shows as a change). Served
 * tickets stay for `clearAfterMs` after their last stage change, then clear by themselves.
 */
export function ticketsForView(
  tickets: KitchenTicketView[],
  station: KitchenStationView | null,
  now: number,
  clearAfterMs: number,
  list: StageListInput = DEFAULT_STAGE_LIST,
): DisplayTicket[] {
  const shown: DisplayTicket[] = [];
  for (const ticket of tickets) {
    const items = station ? ticket.items.filter((item) => stationPrepares({ categoryIds: station.category_ids }, { categoryId: item.category_id })) : ticket.items;
    if (items.length === 0) continue;
    const stage = station ? ticketStage(items) : ticket.stage;
    if (stage === 'served' && now - Date.parse(ticket.stage_changed_at) > clearAfterMs) continue;
    const index = stageIndexOf(list, ticket, items, station);
    shown.push({ ticket, items, stage, stageName: list.stages[index] ?? ticket.stage_name, nextStageName: list.stages[index + 1] ?? null });
  }
  // Served ones last, the rest in the order they came.
  return shown.sort((a, b) => Number(a.stage === 'served') - Number(b.stage === 'served') || Date.parse(a.ticket.created_at) - Date.parse(b.ticket.created_at));
}

/** The bump button: "Start cooking" from the first stage, then the next stage's name. */
export function bumpLabel(shown: Pick<DisplayTicket, 'stageName' | 'nextStageName'>, list: StageListInput = DEFAULT_STAGE_LIST): string | null {
  if (!shown.nextStageName) return null;
  return list.stages[0] === shown.stageName ? `Start ${shown.nextStageName.toLowerCase()}` : shown.nextStageName;
}
