import { REPAIR_ORDER_STATUS_LABELS, type RepairOrderStatus } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const vehicleNotFound = () => new AppError(404, 'vehicle_not_found', 'No such vehicle in this business');
export const repairOrderNotFound = () => new AppError(404, 'repair_order_not_found', 'No such repair order in this business');
export const jobNotFound = () => new AppError(404, 'job_not_found', 'No such job on this repair order');
export const lineNotFound = () => new AppError(404, 'line_not_found', 'No such line on this repair order');
export const pointNotFound = () => new AppError(404, 'inspection_point_not_found', 'No such inspection point on this repair order');
export const customerNotFound = () => new AppError(422, 'customer_not_found', 'The customer is not one of this business’s customers');
export const repairOrderLocked = (status: RepairOrderStatus) =>
  new AppError(409, 'repair_order_locked', `Jobs and prices change only on an estimate; this repair order is ${REPAIR_ORDER_STATUS_LABELS[status].toLowerCase()}`);
export const illegalTransition = (from: RepairOrderStatus, to: RepairOrderStatus) =>
  new AppError(409, 'illegal_transition', `A repair order cannot go from ${REPAIR_ORDER_STATUS_LABELS[from]} to ${REPAIR_ORDER_STATUS_LABELS[to]}`);

export const approvalNotFound = () => new AppError(404, 'approval_not_found', 'This approval link is not valid. Ask the shop for a new one.');
export const approvalExpired = () => new AppError(410, 'approval_link_expired', 'This approval link has expired. Ask the shop to send a new one.');
export const approvalReplaced = () => new AppError(410, 'approval_link_replaced', 'This approval link is no longer in use: the shop has changed the estimate. Ask the shop for the new link.');
export const approvalDecided = () => new AppError(409, 'approval_already_decided', 'This estimate has already been answered; the answer cannot be changed.');

export const actorOf = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });
