import type { TenantContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

export const supplierNotFound = () => notFound('supplier_not_found', 'No supplier of this business has this id');
export const orderNotFound = () => notFound('purchase_order_not_found', 'No purchase order of this business has this id');
export const supplierNameTaken = () => new AppError(409, 'supplier_name_taken', 'Another supplier already has this name');
export const productsNotFound = (ids: string[]) =>
  new AppError(422, 'product_not_found', 'A line names a product this business does not have', { product_ids: ids });

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});
