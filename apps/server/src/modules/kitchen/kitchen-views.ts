import { chosenModifierToWire, DEFAULT_STAGE_LIST, stageIndexIn, ticketStage, type KitchenStationView, type StageListInput, type KitchenTicketEvent, type KitchenTicketView } from '@till/core';
import type { BillPartRow } from '../dining/dining.repository.ts';
import { claimHeld, toBillPartView } from '../dining/dining-views.ts';
import type { ItemWithPrice, StationRow, TicketRow } from './kitchen.repository.ts';

export function toTicketView(ticket: TicketRow, items: ItemWithPrice[], parts: BillPartRow[] = [], list: StageListInput = DEFAULT_STAGE_LIST): KitchenTicketView {
  const nameOf = (row: { stage: TicketRow['stage']; stageName: string | null }) => list.stages[stageIndexIn(list, row.stage, row.stageName)]!;
  return {
    id: ticket.id,
    number: ticket.number,
    businessDay: ticket.businessDay,
    orderType: ticket.orderType,
    table: ticket.tableLabel,
    tableId: ticket.tableId,
    guests: ticket.guests,
    stage: ticket.stage,
    stageName: nameOf(ticket),
    status: ticket.status,
    orderId: ticket.orderId,
    beingPaid: ticket.status === 'open' && claimHeld(ticket.paymentKey, ticket.paymentClaimedAt),
    billParts: parts.filter((part) => part.ticketId === ticket.id).map(toBillPartView),
    createdAt: ticket.createdAt.toISOString(),
    stageChangedAt: ticket.stageChangedAt.toISOString(),
    items: items
      .filter((item) => item.ticketId === ticket.id)
      .map((item) => ({
        id: item.id,
        productId: item.productId,
        name: item.name,
        categoryId: item.categoryId,
        quantity: item.quantity,
        note: item.note,
        seat: item.seat,
        modifiers: (item.modifiers ?? []).map(chosenModifierToWire),
        round: item.round,
        stage: item.stage,
        stageName: nameOf(item),
        held: item.held,
        voided: item.voided,
        changedFrom: item.changedFrom ? { ...item.changedFrom, modifiers: item.changedFrom.modifiers ? item.changedFrom.modifiers.map(chosenModifierToWire) : item.changedFrom.modifiers } : null,
        changedAt: item.changedAt?.toISOString() ?? null,
        unitPrice: item.unitPrice,
        taxRateBasisPoints: item.taxRateBasisPoints,
        sentAt: item.sentAt.toISOString(),
      })),
  };
}

export function toStationView(station: StationRow): KitchenStationView {
  return {
    id: station.id,
    name: station.name,
    categoryIds: station.categoryIds,
    warnAfterSeconds: station.warnAfterSeconds,
    lateAfterSeconds: station.lateAfterSeconds,
  };
}

/** The ticket's stage from its items (core's rule). */
export const stageOf = (items: Pick<ItemWithPrice, 'stage' | 'voided' | 'held'>[]) => ticketStage(items);

export function toTicketEvent(ticket: TicketRow, change: KitchenTicketEvent['change']): KitchenTicketEvent {
  return { ticket_id: ticket.id, number: ticket.number, stage: ticket.stage, status: ticket.status, change, sent_at: new Date().toISOString() };
}
