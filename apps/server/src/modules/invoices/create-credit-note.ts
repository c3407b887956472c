import { creditLineAmounts, creditNoteLabel, invoiceBalance, MoneyError, statusAfterSettlement } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { settleInvoiceOnce } from './settle-invoice-once.ts';

export interface CreateCreditNoteInput {
  idempotencyKey: string;
  reason?: string | null | undefined;
  /** Omitted: every line's remaining quantity (a full credit). */
  lines?: { invoiceLineId: string; quantity: number }[] | undefined;
}

/**
 * A credit note against an issued invoice for all or part of its lines (CN-0001…, its own
 * series without gaps). It reduces what is owed, never below nothing: a credit beyond what is
 * still unpaid is 422. Idempotent by a client key, like payments. Audited.
 */
export async function createCreditNote(database: Database, tenant: TenantContext, invoiceId: string, input: CreateCreditNoteInput, now: Date) {
  const businessId = tenant.businessId;
  return settleInvoiceOnce(database, tenant, invoiceId, input, now, {
    what: 'credit note',
    findByKey: repo.findCreditNoteByKey,
    write: async (tx, invoice, _input, hash) => {
      ensureInvoiceTransition(invoice, 'credit');
      const lines = await repo.linesOf(tx, invoiceId);
      const wanted = input.lines ?? lines.filter((line) => line.quantity > line.creditedQuantity).map((line) => ({ invoiceLineId: line.id, quantity: line.quantity - line.creditedQuantity }));
      if (wanted.length === 0) throw new AppError(409, 'invoice_fully_credited', 'Every line of this invoice is already credited');
      const seen = new Set<string>();
      const credited = wanted.map((want) => {
        const line = lines.find((candidate) => candidate.id === want.invoiceLineId);
        if (!line) throw new AppError(422, 'invoice_line_not_found', 'A credit line names a line that is not on this invoice');
        if (seen.has(line.id)) throw new AppError(400, 'duplicate_line', 'Name each invoice line once');
        seen.add(line.id);
        try {
          return { line, quantity: want.quantity, ...creditLineAmounts(line, want.quantity) };
        } catch (error) {
          if (error instanceof MoneyError) throw new AppError(422, 'credit_exceeds_line', `${line.description}: ${error.message}`);
          throw error;
        }
      });
      const total = credited.reduce((sum, line) => sum + line.total, 0);
      const balance = invoiceBalance(invoice);
      if (total > balance) {
        throw new AppError(422, 'credit_exceeds_balance', `This credit note (${total}) is more than the ${balance} (minor units) still owed; record a refund outside the invoice for money already paid`, { balance, total });
      }
      const number = await repo.nextNumber(tx, businessId, 'credit_note');
      const business = await repo.businessOf(tx, businessId);
      await repo.insertCreditNote(
        tx,
        {
          businessId,
          invoiceId,
          number,
          issueDate: businessToday(business.timeZone, now),
          reason: input.reason?.trim() || null,
          net: credited.reduce((sum, line) => sum + line.net, 0),
          tax: credited.reduce((sum, line) => sum + line.tax, 0),
          total,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          ...actorOf(tenant),
        },
        credited.map((entry) => ({
          businessId,
          invoiceLineId: entry.line.id,
          description: entry.line.description,
          quantity: entry.quantity,
          unitPrice: entry.line.unitPrice,
          taxRateBp: entry.line.taxRateBp,
          net: entry.net,
          tax: entry.tax,
          total: entry.total,
        })),
      );
      for (const entry of credited) await repo.addCredited(tx, entry.line.id, { quantity: entry.quantity, net: entry.net, tax: entry.tax });
      const creditedTotal = invoice.creditedTotal + total;
      await repo.update(tx, businessId, invoiceId, { creditedTotal, status: statusAfterSettlement({ ...invoice, creditedTotal }) });
      await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.credit_note_issued', details: { invoice_id: invoiceId, number, label: creditNoteLabel(number), total } });
    },
  });
}
