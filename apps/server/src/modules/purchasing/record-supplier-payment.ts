import { createHash } from 'node:crypto';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessToday } from './business-today.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { actorOf } from './purchasing-errors.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { invoiceNotFound, readPurchaseInvoice } from './read-purchase-invoice.ts';

export interface RecordPaymentInput {
  idempotencyKey: string;
  amount: number;
  paidOn: string;
  method: 'bank_transfer' | 'cash' | 'card' | 'cheque' | 'other';
  reference?: string | null | undefined;
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different payment');

function requestHash(invoiceId: string, input: RecordPaymentInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ invoiceId, ...rest })).digest('base64url');
}

async function replay(tx: Tx, businessId: string, key: string, hash: string) {
  const existing = await repo.findPaymentByKey(tx, businessId, key);
  if (!existing) return null;
  if (existing.requestHash !== hash) throw keyReused();
  return existing;
}

/**
 * A payment to the supplier against an invoice: at most its open balance (422 beyond). A client
 * idempotency key makes a retry return the invoice as the first payment left it. Audited.
 */
export async function recordSupplierPayment(database: Database, tenant: TenantContext, invoiceId: string, input: RecordPaymentInput, now: Date) {
  const businessId = tenant.businessId;
  const hash = requestHash(invoiceId, input);
  const read = async (tx: Tx, replayed: boolean) => {
    const business = await purchasingRepository.businessOf(tx, businessId);
    return { replayed, invoice: await readPurchaseInvoice(tx, businessId, invoiceId, businessToday(business.timeZone, now)) };
  };
  try {
    return await database.withTenant(businessId, async (tx) => {
      const invoice = await repo.find(tx, businessId, invoiceId, true);
      if (!invoice) throw invoiceNotFound();
      // Under the invoice's lock: a retry that waited for the first attempt finds its payment here.
      if (await replay(tx, businessId, input.idempotencyKey, hash)) return read(tx, true);
      const balance = invoice.total - invoice.paidTotal;
      if (balance <= 0) throw new AppError(409, 'purchase_invoice_paid', 'This invoice is already paid in full');
      if (input.amount > balance) throw new AppError(422, 'payment_exceeds_balance', `Only ${balance} (minor units) is still open on this invoice`, { balance });
      await repo.insertPayment(tx, {
        businessId,
        invoiceId,
        amount: input.amount,
        paidOn: input.paidOn,
        method: input.method,
        reference: input.reference?.trim() || null,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        ...actorOf(tenant),
      });
      await repo.addPaid(tx, invoiceId, input.amount);
      await purchasingRepository.insertAudits(tx, [
        { businessId, ...actorOf(tenant), action: 'purchase_invoice.payment_recorded', details: { invoice_id: invoiceId, amount: input.amount, method: input.method, paid_on: input.paidOn } },
      ]);
      return read(tx, false);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(businessId, async (tx) => {
      if (!(await replay(tx, businessId, input.idempotencyKey, hash))) throw error;
      return read(tx, true);
    });
  }
}
