import { createHash } from 'node:crypto';
import { invoiceBalance, statusAfterSettlement, type InvoicePaymentMethod } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

export interface RecordInvoicePaymentInput {
  idempotencyKey: string;
  amount: number;
  method: InvoicePaymentMethod;
  paidOn: string;
  reference?: string | null | undefined;
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different payment');

function requestHash(invoiceId: string, input: RecordInvoicePaymentInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ invoiceId, ...rest })).digest('base64url');
}

async function replayed(tx: Tx, businessId: string, key: string, hash: string): Promise<boolean> {
  const existing = await repo.findPaymentByKey(tx, businessId, key);
  if (!existing) return false;
  if (existing.requestHash !== hash) throw keyReused();
  return true;
}

/**
 * A customer's payment entered by hand: at most what is still owed (422 beyond), on an issued
 * invoice. The status moves to partly_paid or paid. A client idempotency key makes a retry
 * return the invoice with the first payment, never a second one. Audited.
 */
export async function recordInvoicePayment(database: Database, tenant: TenantContext, invoiceId: string, input: RecordInvoicePaymentInput, now: Date) {
  const businessId = tenant.businessId;
  const hash = requestHash(invoiceId, input);
  const read = async (tx: Tx, replay: boolean) => {
    const business = await repo.businessOf(tx, businessId);
    return { replayed: replay, invoice: await readInvoice(tx, businessId, invoiceId, businessToday(business.timeZone, now)) };
  };
  try {
    return await database.withTenant(businessId, async (tx) => {
      const invoice = await repo.find(tx, businessId, invoiceId, true);
      if (!invoice) throw invoiceNotFound();
      // Under the invoice's lock: a retry that waited for the first attempt finds its payment here.
      if (await replayed(tx, businessId, input.idempotencyKey, hash)) return read(tx, true);
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
      return read(tx, false);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(businessId, async (tx) => {
      if (!(await replayed(tx, businessId, input.idempotencyKey, hash))) throw error;
      return read(tx, true);
    });
  }
}
