import { hoursToHundredths, labourAmount, repairOrderEditable } from '@till/core';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { settingsOf } from './get-workshop-settings.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { jobNotFound, repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export type LineInput =
  | { kind: 'labour'; description: string; hours: number | string; rate?: number | undefined }
  | { kind: 'part'; productId: string; quantity: number; description?: string | undefined; unitPrice?: number | undefined }
  | { kind: 'part'; productId?: undefined; description: string; quantity: number; unitPrice: number };

/**
 * Adds a labour line (hours × rate; the workshop's rate when none is given) or a part (a catalogue
 * product at its price and tax rate, or a one-off part with a name and price) to a job. Labour and
 * one-off parts take the business's default tax rate.
 */
export async function addLine(services: Services, tenant: TenantContext, orderId: string, jobId: string, input: LineInput) {
  const { businessId } = tenant;
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
    if (!(await repo.job(tx, businessId, orderId, jobId))) throw jobNotFound();
    const defaultTax = await repo.defaultTaxRate(tx, businessId);
    const base = { businessId, repairOrderId: orderId, jobId };
    if (input.kind === 'labour') {
      const hundredths = hoursToHundredths(input.hours);
      if (hundredths === null) throw badRequest('invalid_hours', 'Hours are a positive number with at most two decimals (up to 999.99)');
      const rate = input.rate ?? (await settingsOf(tx, businessId)).labour_rate;
      labourAmount(hundredths, rate);
      await repo.insertLine(tx, { ...base, kind: 'labour', description: input.description.trim(), hoursHundredths: hundredths, rate, quantity: 1, taxRateBasisPoints: defaultTax });
      return;
    }
    if (input.productId) {
      const product = await repo.product(tx, businessId, input.productId);
      if (!product) throw new AppError(422, 'product_not_found', 'The part is not a product of this business');
      await repo.insertLine(tx, {
        ...base,
        kind: 'part',
        description: input.description?.trim() || product.name,
        productId: product.id,
        quantity: input.quantity,
        unitPrice: input.unitPrice ?? product.price,
        taxRateBasisPoints: product.basisPoints ?? defaultTax,
      });
      return;
    }
    if (input.unitPrice === undefined) throw badRequest('price_required', 'A one-off part needs a price');
    await repo.insertLine(tx, { ...base, kind: 'part', description: (input.description ?? '').trim(), quantity: input.quantity, unitPrice: input.unitPrice, taxRateBasisPoints: defaultTax });
  });
}
