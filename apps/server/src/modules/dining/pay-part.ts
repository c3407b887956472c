import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { ticketNotFound } from '../kitchen/kitchen-errors.ts';
import { announceTicket } from '../kitchen/kitchen-events.ts';
import { kitchenRepository } from '../kitchen/kitchen.repository.ts';
import { CLAIM_STALE_MS } from '../kitchen/pay-ticket.ts';
import { diningRepository as repo } from './dining.repository.ts';

const partNotFound = () => notFound('kitchen_part_not_found', 'This ticket has no bill part with this id');

/**
 * Paying one part of a split bill (decision 036): decision 026's claim, per part. The checkout
 * takes the part for its idempotency key before the sale (two tills cannot both pay it), marks it
 * paid after, and gives it back if the sale is refused. The ticket is paid once every part is; a
 * retry of the same key passes again and the checkout returns the first sale.
 */
export async function claimPartPayment(database: Database, tenant: TenantContext, ticketId: string, partId: string, key: string, now: Date): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.lockTicket(tx, tenant.businessId, ticketId);
    if (!ticket) throw ticketNotFound();
    const part = await repo.findPart(tx, tenant.businessId, ticketId, partId);
    if (!part) throw partNotFound();
    if (part.orderId) {
      if ((await repo.orderKey(tx, tenant.businessId, part.orderId)) === key) return;
      throw new AppError(409, 'kitchen_part_paid', `${part.label} of ticket ${ticket.number} is already paid`);
    }
    if (ticket.status !== 'open') throw new AppError(409, 'kitchen_ticket_paid', `Ticket ${ticket.number} is already paid`);
    if (await repo.claimPart(tx, tenant.businessId, ticketId, partId, key, new Date(now.getTime() - CLAIM_STALE_MS))) return;
    throw new AppError(409, 'kitchen_part_being_paid', `${part.label} of ticket ${ticket.number} is being paid at another till`);
  });
}

export async function completePartPayment(database: Database, tenant: TenantContext, ticketId: string, partId: string, key: string, orderId: string, now: Date): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    const ticket = await repo.lockTicket(tx, tenant.businessId, ticketId);
    if (!ticket || !(await repo.markPartPaid(tx, tenant.businessId, partId, key, orderId, now))) return;
    const parts = await repo.partsOf(tx, tenant.businessId, [ticketId]);
    const allPaid = parts.every((part) => part.orderId !== null);
    const settled = allPaid && ticket.status === 'open' ? await repo.updateTicket(tx, tenant.businessId, ticketId, { status: 'paid', orderId, paymentKey: null, paymentClaimedAt: null }) : ticket;
    await announceTicket(tx, settled, await kitchenRepository.itemsOf(tx, tenant.businessId, [ticketId]), allPaid ? 'paid' : 'part_paid');
  });
}

export async function releasePartPayment(database: Database, tenant: TenantContext, partId: string, key: string): Promise<void> {
  await database.withTenant(tenant.businessId, (tx) => repo.releasePart(tx, tenant.businessId, partId, key));
}
