import { checkSplit, partsBySeat, type KitchenTicketView, type SplitBillInput, type SplitPartLines } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { actorOf, ticketClosed, ticketNotFound } from '../kitchen/kitchen-errors.ts';
import { announceTicket } from '../kitchen/kitchen-events.ts';
import { kitchenRepository } from '../kitchen/kitchen.repository.ts';
import { readTicket } from '../kitchen/read-ticket.ts';
import { diningRepository as repo, type BillPartRow } from './dining.repository.ts';
import { claimHeld, toBillPartView } from './dining-views.ts';

const splitLocked = () => new AppError(409, 'kitchen_split_locked', 'A part of this bill is paid or being paid: the split cannot change now');

/** The ticket, locked, open, and not being paid as a whole nor in part. */
async function openForSplitting(tx: Tx, businessId: string, ticketId: string) {
  const ticket = await repo.lockTicket(tx, businessId, ticketId);
  if (!ticket) throw ticketNotFound();
  if (ticket.status !== 'open') throw ticketClosed();
  if (claimHeld(ticket.paymentKey, ticket.paymentClaimedAt)) throw new AppError(409, 'kitchen_ticket_being_paid', `Ticket ${ticket.number} is being paid at another till`);
  const parts = await repo.partsOf(tx, businessId, [ticketId]);
  if (parts.some((part: BillPartRow) => toBillPartView(part).status !== 'open')) throw splitLocked();
  return ticket;
}

/**
 * Splits an open ticket's bill (decision 036) by items (each part lists the items and how many of
 * each its guest pays; every live item allocated exactly once) or by seats (one part per seat,
 * unseated items a shared part). Each part is then paid as its own sale through the checkout
 * with `kitchenBillPartId`. A new split replaces the old one while no part is paid or being paid.
 */
export async function splitBill(database: Database, tenant: TenantContext, ticketId: string, input: SplitBillInput): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await openForSplitting(tx, tenant.businessId, ticketId);
    const items = (await kitchenRepository.itemsOf(tx, tenant.businessId, [ticketId])).filter((item) => !item.voided);
    let parts: { label: string; lines: SplitPartLines }[];
    if (input.mode === 'items') {
      const lines = input.parts.map((part) => part.filter((line) => line.quantity > 0).map((line) => ({ itemId: line.item_id, quantity: line.quantity })));
      const problem = checkSplit(items, lines);
      if (problem) throw new AppError(400, 'invalid_split', `The parts do not split this bill (${problem.replaceAll('_', ' ')})`, { problem });
      parts = lines.map((part, index) => ({ label: `Guest ${index + 1}`, lines: part }));
    } else {
      const bySeat = partsBySeat(items);
      if (!bySeat) throw new AppError(400, 'invalid_split', 'Splitting by seats needs items on at least two seats (or seated and shared items)', { problem: 'too_few_parts' });
      parts = bySeat.map((part) => ({ label: part.seat === null ? 'Shared' : `Seat ${part.seat}`, lines: part.lines }));
    }
    await repo.deleteParts(tx, tenant.businessId, ticketId);
    await repo.insertParts(
      tx,
      parts.map((part, position) => ({ id: uuidV7(), businessId: tenant.businessId, ticketId, position, label: part.label, lines: part.lines })),
    );
    const touched = await repo.updateTicket(tx, tenant.businessId, ticketId, {});
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.bill_split', details: { ticket_id: ticketId, number: ticket.number, mode: input.mode, parts: parts.length } });
    await announceTicket(tx, touched, [], 'split');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}

/** Undoes a split while no part is paid or being paid: the ticket is paid as one sale again. */
export async function undoSplit(database: Database, tenant: TenantContext, ticketId: string): Promise<KitchenTicketView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await openForSplitting(tx, tenant.businessId, ticketId);
    await repo.deleteParts(tx, tenant.businessId, ticketId);
    const touched = await repo.updateTicket(tx, tenant.businessId, ticketId, {});
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.split_undone', details: { ticket_id: ticketId, number: ticket.number } });
    await announceTicket(tx, touched, [], 'split');
    return readTicket(tx, tenant.businessId, ticketId);
  });
}
