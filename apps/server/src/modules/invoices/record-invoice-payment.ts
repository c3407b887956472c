import { invoiceBalance, statusAfterSettlement, type InvoicePaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, ensureInvoiceTransition } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { settleInvoiceOnce } from './settle-invoice-once.ts';

export interface RecordInvoicePaymentInput {
  idempotencyKey: string;
  amount: number;
  method: InvoicePaymentMethod;
  paidOn: string;
  reference?: string | null | undefined;
}

/**
 * A customer's payment entered by hand: at most what is still owed (422 beyond), on an issued
 * invoice. The status moves to partly_paid or paid. A client idempotency key makes a retry
 * return the invoice with the first payment, never a second one. Audited.
 */
export async function recordInvoicePayment(database: Database, tenant: TenantContext, invoiceId: string, input: RecordInvoicePaymentInput, now: Date) {
  const businessId = tenant.businessId;
  return settleInvoiceOnce(database, tenant, invoiceId, input, now, {
    what: 'payment',
    findByKey: repo.findPaymentByKey,
    write: async (tx, invoice, _input, hash) => {
      ensureInvoiceTransition(invoice, 'pay');
      const balance = invoiceBalance(invoice);
      if (input.amount > balance) {
        throw new AppError(422, 'payment_exceeds_balance', `This payment is more than the ${balance} (minor units) still owed on this invoice`, { balance });
      }
      await repo.insertPayment(tx, {
        businessId,
        invoiceId,
        amount: input.amount,
        method: input.method,
        paidOn: input.paidOn,
        reference: input.reference?.trim() || null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        ...actorOf(tenant),
      });
      const paidTotal = invoice.paidTotal + input.amount;
      await repo.update(tx, businessId, invoiceId, { paidTotal, status: statusAfterSettlement({ ...invoice, paidTotal }) });
      await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.payment_recorded', details: { invoice_id: invoiceId, amount: input.amount, method: input.method, paid_on: input.paidOn } });
    },
  });
}
