import { invoiceTotals, MoneyError, type PaymentTerms } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/** A line of a draft. A typed line names one of the business's tax rates (or none, untaxed); lines copied from an order or a repair order may carry the rate itself. */
export interface DraftLineInput {
  description: string;
  quantity: number;
  /** Minor units per unit. */
  unitPrice: number;
  /** Minor units off the line (an order's discounts), default 0. */
  discount?: number | undefined;
  taxRateId?: string | null | undefined;
  /** Basis points, used only when no taxRateId is given (lines copied from elsewhere). */
  taxRateBp?: number | undefined;
}

export interface DraftFields {
  customerId?: string | null | undefined;
  customerName?: string | null | undefined;
  customerEmail?: string | null | undefined;
  customerAddress?: string | null | undefined;
  paymentTerms: PaymentTerms;
  notes?: string | null | undefined;
  paymentInstructions?: string | null | undefined;
  pricesIncludeTax?: boolean | undefined;
  lines: DraftLineInput[];
}

export const MAX_INVOICE_LINES = 200;

/**
 * The customer and the priced lines of a draft, checked against the business: its customer,
 * its tax rates (422 for another's or an unknown one). Totals by core's invoiceTotals.
 */
export async function resolveDraft(tx: Tx, businessId: string, input: DraftFields) {
  let customer = { customerId: null as string | null, customerName: input.customerName?.trim() ?? '', customerEmail: input.customerEmail?.trim() || null, customerAddress: input.customerAddress?.trim() || null };
  if (input.customerId) {
    const row = await repo.findCustomer(tx, businessId, input.customerId);
    if (!row) throw new AppError(422, 'customer_not_found', 'No customer of this business has this id');
    customer = {
      customerId: row.id,
      customerName: customer.customerName || row.name,
      customerEmail: customer.customerEmail ?? row.email,
      customerAddress: customer.customerAddress,
    };
  }
  if (!customer.customerName) throw new AppError(400, 'customer_required', 'Choose a customer or type the name of the person or company to bill');
  if (input.lines.length > MAX_INVOICE_LINES) throw new AppError(400, 'too_many_lines', `An invoice has at most ${MAX_INVOICE_LINES} lines`);

  const ids = [...new Set(input.lines.map((line) => line.taxRateId).filter((id): id is string => Boolean(id)))];
  const rates = new Map((await repo.taxRatesByIds(tx, businessId, ids)).map((rate) => [rate.id, rate]));
  const missing = ids.filter((id) => !rates.has(id));
  if (missing.length > 0) throw new AppError(422, 'tax_rate_not_found', 'A line names a tax rate this business does not have', { tax_rate_ids: missing });
  const resolved = input.lines.map((line) => {
    const rate = line.taxRateId ? rates.get(line.taxRateId)! : null;
    return { ...line, discount: line.discount ?? 0, taxRateId: rate?.id ?? null, taxRateName: rate?.name ?? null, taxRateBp: rate ? rate.basisPoints : (line.taxRateBp ?? 0) };
  });
  let totals;
  try {
    totals = invoiceTotals(resolved, input.pricesIncludeTax ?? false);
  } catch (error) {
    if (error instanceof MoneyError) throw new AppError(400, 'invalid_line', `A line is not valid: ${error.message}`);
    throw error;
  }
  return {
    customer,
    totals,
    lines: (invoiceId: string) =>
      resolved.map((line, index) => ({
        businessId,
        invoiceId,
        position: index + 1,
        description: line.description.trim(),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: totals.lines[index]!.discount,
        taxRateId: line.taxRateId,
        taxRateName: line.taxRateName,
        taxRateBp: line.taxRateBp,
        net: totals.lines[index]!.net,
        tax: totals.lines[index]!.tax,
        total: totals.lines[index]!.total,
      })),
  };
}
