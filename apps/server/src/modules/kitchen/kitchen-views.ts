import { chosenModifierToWire, DEFAULT_STAGE_LIST, stageIndexIn, ticketStage, type KitchenStationView, type StageListInput, type KitchenTicketEvent, type KitchenTicketView } from '@till/core';
import type { BillPartRow } from '../dining/dining.repository.ts';
import { claimHeld, toBillPartView } from '../dining/dining-views.ts';
import type { ItemWithPrice, StationRow, TicketRow } from './kitchen.repository.ts';

export function toTicketView(ticket: TicketRow, items: ItemWithPrice[], parts: BillPartRow[] = [], list: StageListInput = DEFAULT_STAGE_LIST): KitchenTicketView {
  const nameOf = (row: { stage: TicketRow['stage']; stageName: string | null }) => list.stages[stageIndexIn(list, row.stage, row.stageName)]!;
  return {
    id: ticket.id,
    number: ticket.number,
    business_day: ticket.businessDay,
    order_type: ticket.orderType,
    table: ticket.tableLabel,
    table_id: ticket.tableId,
    guests: ticket.guests,
    stage: ticket.stage,
    stage_name: nameOf(ticket),
    status: ticket.status,
    order_id: ticket.orderId,
    being_paid: ticket.status === 'open' && claimHeld(ticket.paymentKey, ticket.paymentClaimedAt),
    bill_parts: parts.filter((part) => part.ticketId === ticket.id).map(toBillPartView),
    created_at: ticket.createdAt.toISOString(),
    stage_changed_at: ticket.stageChangedAt.toISOString(),
    items: items
      .filter((item) => item.ticketId === ticket.id)
      .map((item) => ({
        id: item.id,
        product_id: item.productId,
        name: item.name,
        category_id: item.categoryId,
        quantity: item.quantity,
        note: item.note,
        seat: item.seat,
        modifiers: (item.modifiers ?? []).map(chosenModifierToWire),
        round: item.round,
        stage: item.stage,
        stage_name: nameOf(item),
        held: item.held,
        voided: item.voided,
        changed_from: item.changedFrom ? { quantity: item.changedFrom.quantity, note: item.changedFrom.note, modifiers: item.changedFrom.modifiers ? item.changedFrom.modifiers.map(chosenModifierToWire) : item.changedFrom.modifiers } : null,
        changed_at: item.changedAt?.toISOString() ?? null,
        unit_price: item.unitPrice,
        tax_rate_basis_points: item.taxRateBasisPoints,
        sent_at: item.sentAt.toISOString(),
      })),
  };
}

export function toStationView(station: StationRow): KitchenStationView {
  return {
    id: station.id,
    name: station.name,
    category_ids: station.categoryIds,
    warn_after_seconds: station.warnAfterSeconds,
    late_after_seconds: station.lateAfterSeconds,
  };
}

/** The ticket's stage from its items (core's rule). */
export const stageOf = (items: Pick<ItemWithPrice, 'stage' | 'voided' | 'held'>[]) => ticketStage(items);

export function toTicketEvent(ticket: TicketRow, change: KitchenTicketEvent['change']): KitchenTicketEvent {
  return { ticket_id: ticket.id, number: ticket.number, stage: ticket.stage, status: ticket.status, change, sent_at: new Date().toISOString() };
}
