import { INVOICE_PAYMENT_METHODS, invoiceBalance, invoiceLabel, statusAfterSettlement, type InvoicePaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { markRepairOrderPaid } from '../workshop/mark-repair-order-paid.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/** A claim older than this (a till that crashed mid-payment) may be taken over by another checkout. */
const CLAIM_STALE_MS = 2 * 60_000;

/** What the till's sale charges for an invoice: what is still owed, with its share of the invoice's tax. */
export interface InvoiceCharge {
  invoiceId: string;
  label: string;
  customerId: string | null;
  pricesIncludeTax: boolean;
  amount: number;
  tax: number;
}

/**
 * Paying an invoice at the till is the normal idempotent checkout with `invoiceId` (decision 038,
 * after the kitchen ticket's pattern of decision 026): before the sale the checkout takes the
 * invoice for its idempotency key, so two tills cannot both take its money; the sale must be for
 * exactly what is owed (422 total_mismatch with the server's figure); after the sale the payment
 * is recorded on the invoice, linked to the order, and the claim released; a refused sale gives
 * the invoice back. A retry of the same checkout key passes again and finds its sale.
 */
export async function claimInvoiceAtTill(database: Database, tenant: TenantContext, invoiceId: string, key: string, expectedTotal: number, now: Date): Promise<InvoiceCharge> {
  requireAccess(tenant, { feature: 'invoice_generation' });
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const invoice = await repo.find(tx, businessId, invoiceId, true);
    if (!invoice) throw invoiceNotFound();
    const charge = (amount: number): InvoiceCharge => ({
      invoiceId,
      label: invoiceLabel(invoice.number ?? 0),
      customerId: invoice.customerId,
      pricesIncludeTax: invoice.pricesIncludeTax,
      amount,
      tax: invoice.total > 0 ? Math.round((invoice.tax * amount) / invoice.total) : 0,
    });
    const paidByThisKey = await repo.findPaymentByKey(tx, businessId, key);
    if (paidByThisKey?.orderId) return charge(paidByThisKey.amount);
    if (paidByThisKey) throw new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different payment');
    ensureInvoiceTransition(invoice, 'pay');
    const balance = invoiceBalance(invoice);
    if (expectedTotal !== balance) {
      throw new AppError(422, 'total_mismatch', `The till must take what is still owed on ${invoiceLabel(invoice.number ?? 0)}`, { server_total: balance });
    }
    if (!(await repo.claimForTill(tx, businessId, invoiceId, key, new Date(now.getTime() - CLAIM_STALE_MS), now))) {
      throw new AppError(409, 'invoice_being_paid', `${invoiceLabel(invoice.number ?? 0)} is being paid at another till`);
    }
    return charge(balance);
  });
}

/** The sale's payment methods as one invoice payment method. */
function paymentMethodOf(methods: readonly string[]): InvoicePaymentMethod {
  const [first] = methods;
  const same = methods.every((method) => method === first);
  return same && first && (INVOICE_PAYMENT_METHODS as readonly string[]).includes(first) ? (first as InvoicePaymentMethod) : 'other';
}

/**
 * After the sale committed: the payment on the invoice (keyed by the checkout's key, so a retry
 * records nothing twice), its status, and the repair order it bills once nothing is owed.
 */
export async function completeInvoiceAtTill(
  database: Database,
  tenant: TenantContext,
  invoiceId: string,
  key: string,
  sale: { orderId: string; orderNumber: number | null; amount: number; methods: readonly string[] },
  now: Date,
): Promise<void> {
  const businessId = tenant.businessId;
  await database.withTenant(businessId, async (tx) => {
    const invoice = await repo.find(tx, businessId, invoiceId, true);
    if (!invoice) return;
    if (await repo.findPaymentByKey(tx, businessId, key)) return;
    const business = await repo.businessOf(tx, businessId);
    const method = paymentMethodOf(sale.methods);
    await repo.insertPayment(tx, {
      businessId,
      invoiceId,
      amount: sale.amount,
      method,
      paidOn: businessToday(business.timeZone, now),
      reference: sale.orderNumber === null ? 'Till sale' : `Till sale #${sale.orderNumber}`,
      orderId: sale.orderId,
      idempotencyKey: key,
      requestHash: `till:${sale.orderId}`,
      ...actorOf(tenant),
    });
    const paidTotal = invoice.paidTotal + sale.amount;
    const status = statusAfterSettlement({ ...invoice, paidTotal });
    await repo.update(tx, businessId, invoiceId, { paidTotal, status, tillClaimKey: null, tillClaimedAt: null });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.payment_recorded', details: { invoice_id: invoiceId, amount: sale.amount, method, order_id: sale.orderId, at_till: true } });
    if (status === 'paid') await markRepairOrderPaid(tx, tenant, invoiceId, now);
  });
}

export async function releaseInvoiceAtTill(database: Database, tenant: TenantContext, invoiceId: string, key: string): Promise<void> {
  await database.withTenant(tenant.businessId, (tx) => repo.releaseTillClaim(tx, tenant.businessId, invoiceId, key));
}

/** Unpaid issued invoices the till can open, by number ("INV-0007", "7") or the customer's name. */
export async function listPayableInvoices(database: Database, tenant: TenantContext, query: { q?: string | undefined }) {
  requireAccess(tenant, { feature: 'invoice_generation' });
  return database.withTenant(tenant.businessId, async (tx) => {
    const rows = await repo.payableAtTill(tx, tenant.businessId, query.q, 20);
    return {
      invoices: rows.map((row) => ({
        id: row.id,
        number: row.number!,
        label: invoiceLabel(row.number!),
        customerName: row.customerName,
        currency: row.currency,
        dueDate: row.dueDate,
        total: row.total,
        balance: invoiceBalance(row),
      })),
    };
  });
}
