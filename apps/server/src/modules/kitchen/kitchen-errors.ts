import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const ticketNotFound = () => notFound('kitchen_ticket_not_found', 'No kitchen ticket of this business has this id');
export const itemNotFound = () => notFound('kitchen_item_not_found', 'This ticket has no item with this id');
export const stationNotFound = () => notFound('kitchen_station_not_found', 'No kitchen station of this business has this id');
export const ticketClosed = () => new AppError(409, 'kitchen_ticket_closed', 'This ticket is already paid or cancelled');
export const productsNotFound = (ids: string[]) =>
  new AppError(422, 'product_not_found', 'An item names a product this business does not sell', { product_ids: ids });

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});
