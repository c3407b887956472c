import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});

export const productNotFound = () => new AppError(404, 'product_not_found', 'No such product');
export const batchNotFound = () => new AppError(404, 'batch_not_found', 'No such batch');
export const batchEmpty = (lot: string) => new AppError(409, 'batch_empty', `${lotLabel(lot)} holds nothing to write off`);
export const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different request');

/** How a lot is named to the user: '' is the store's "no lot" batch. */
export const lotLabel = (lot: string) => (lot ? `Lot ${lot}` : 'The batch without a lot number');
