import { createHash } from 'node:crypto';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessToday } from './business-today.ts';
import { invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

type Invoice = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

export interface SettlementWrite<Input extends { idempotencyKey: string }> {
  /** What a reused key was first used for, in the 409's words ("payment", "credit note"). */
  what: string;
  /** The earlier settlement written with this key, if any. */
  findByKey: (tx: Tx, businessId: string, key: string) => Promise<{ requestHash: string } | null>;
  /** Checks and writes, under the invoice's row lock; `requestHash` is stored with the settlement. */
  write: (tx: Tx, invoice: Invoice, input: Input, requestHash: string) => Promise<void>;
}

function requestHash(invoiceId: string, input: { idempotencyKey: string }): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ invoiceId, ...rest })).digest('base64url');
}

/**
 * The skeleton that payments and credit notes share (decision 031): lock the invoice, return the
 * first result for a retried idempotency key (409 when the key came with another request), write
 * under the lock, and answer with the invoice as it now is. Two retries racing past the lookup meet
 * at the key's unique index; the loser reads the winner's result instead of failing.
 */
export async function settleInvoiceOnce<Input extends { idempotencyKey: string }>(
  database: Database,
  tenant: TenantContext,
  invoiceId: string,
  input: Input,
  now: Date,
  settlement: SettlementWrite<Input>,
) {
  const businessId = tenant.businessId;
  const hash = requestHash(invoiceId, input);
  const replayed = async (tx: Tx) => {
    const existing = await settlement.findByKey(tx, businessId, input.idempotencyKey);
    if (!existing) return false;
    if (existing.requestHash !== hash) throw new AppError(409, 'idempotency_key_reused', `This idempotency key was already used for a different ${settlement.what}`);
    return true;
  };
  const read = async (tx: Tx, replay: boolean) => {
    const business = await repo.businessOf(tx, businessId);
    return { replayed: replay, invoice: await readInvoice(tx, businessId, invoiceId, businessToday(business.timeZone, now)) };
  };
  try {
    return await database.withTenant(businessId, async (tx) => {
      const invoice = await repo.find(tx, businessId, invoiceId, true);
      if (!invoice) throw invoiceNotFound();
      // Under the invoice's lock: a retry that waited for the first attempt finds its result here.
      if (await replayed(tx)) return read(tx, true);
      await settlement.write(tx, invoice, input, hash);
      return read(tx, false);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(businessId, async (tx) => {
      if (!(await replayed(tx))) throw error;
      return read(tx, true);
    });
  }
}
