import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { ticketNotFound } from './kitchen-errors.ts';
import { announceTicket } from './kitchen-events.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { ticketSplit } from '../dining/dining-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';

/** A claim older than this (a till that crashed mid-payment) may be taken over by another checkout. */
export const CLAIM_STALE_MS = 2 * 60_000;

/**
 * Paying a ticket at the till is the normal idempotent checkout with `kitchenTicketId`
 * (decision 026). Before the sale the checkout takes the ticket for its idempotency key, so two
 * tills cannot both take its money; after the sale the ticket is marked paid and linked to the
 * order; a refused sale gives the ticket back. A retry of the same checkout key passes again.
 */
export async function claimTicketPayment(database: Database, tenant: TenantContext, ticketId: string, key: string, now: Date): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    // A split bill is paid part by part (decision 036); the lock orders this against a split being made.
    const locked = await repo.findTicket(tx, tenant.businessId, ticketId, true);
    if (locked?.status === 'open' && (await diningRepository.partsOf(tx, tenant.businessId, [ticketId])).length) throw ticketSplit();
    if (await repo.claimForPayment(tx, tenant.businessId, ticketId, key, new Date(now.getTime() - CLAIM_STALE_MS))) return;
    const ticket = await repo.findTicket(tx, tenant.businessId, ticketId);
    if (!ticket) throw ticketNotFound();
    if (ticket.status === 'paid' && ticket.orderId && (await repo.payingOrderKey(tx, tenant.businessId, ticket.orderId)) === key) return;
    if (ticket.status !== 'open') throw new AppError(409, 'kitchen_ticket_paid', `Ticket ${ticket.number} is already paid`);
    throw new AppError(409, 'kitchen_ticket_being_paid', `Ticket ${ticket.number} is being paid at another till`);
  });
}

export async function completeTicketPayment(database: Database, tenant: TenantContext, ticketId: string, key: string, orderId: string): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.markPaid(tx, tenant.businessId, ticketId, key, orderId);
    if (ticket) await announceTicket(tx, ticket, await repo.itemsOf(tx, tenant.businessId, [ticketId]), 'paid');
  });
}

export async function releaseTicketPayment(database: Database, tenant: TenantContext, ticketId: string, key: string): Promise<void> {
  await database.withTenant(tenant.businessId, (tx) => repo.releaseClaim(tx, tenant.businessId, ticketId, key));
}
