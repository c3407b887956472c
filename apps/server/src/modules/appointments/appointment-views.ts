import { formatClock } from '@till/core';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { sqlState } from '../../lib/pg-errors.ts';
import type { AppointmentRow, HoursRow, ServiceRow, TimeOffRow } from './appointments.repository.ts';

/** Wire shapes (snake_case, like SPEC's entity fields) and the module's errors. */
export const serviceNotFound = () => notFound('service_not_found', 'No service of this business has this id');
export const staffNotFound = () => notFound('staff_not_found', 'No active staff member of this business has this id');
export const appointmentNotFound = () => notFound('appointment_not_found', 'No appointment of this business has this id');
export const customerNotFound = () => new AppError(422, 'customer_not_found', 'No customer of this business has this id');
export const serviceNameTaken = () => new AppError(409, 'service_name_taken', 'Another service already has this name');
export const slotTaken = (staffName: string) =>
  new AppError(409, 'slot_taken', `${staffName || 'This staff member'} already has an appointment at that time. Choose another time or another staff member.`);

/** The exclusion constraint appointments_no_overlap refused the row. */
export const isOverlapViolation = (error: unknown) => sqlState(error) === '23P01';

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});

export function toServiceView(row: ServiceRow, staffIds: string[]) {
  return {
    id: row.id,
    name: row.name,
    duration_minutes: row.durationMinutes,
    price: row.price,
    active: row.active,
    staff_ids: staffIds,
  };
}

export function toHoursView(row: HoursRow) {
  return {
    weekday: row.weekday,
    start: formatClock(row.startMinute),
    end: formatClock(row.endMinute),
    break_start: row.breakStartMinute === null ? null : formatClock(row.breakStartMinute),
    break_end: row.breakEndMinute === null ? null : formatClock(row.breakEndMinute),
  };
}

export const toTimeOffView = (row: TimeOffRow) => ({ id: row.id, employee_id: row.employeeId, starts_on: row.startsOn, ends_on: row.endsOn, reason: row.reason });

export const hoursOf = (rows: HoursRow[]) =>
  rows.map((row) => ({ weekday: row.weekday, start: row.startMinute, end: row.endMinute, breakStart: row.breakStartMinute, breakEnd: row.breakEndMinute }));
export const timeOffOf = (rows: TimeOffRow[]) => rows.map((row) => ({ startsOn: row.startsOn, endsOn: row.endsOn }));

export function toAppointmentView(row: AppointmentRow, names: { service: string; staff: string }) {
  return {
    id: row.id,
    service_id: row.serviceId,
    service_name: names.service,
    employee_id: row.employeeId,
    employee_name: names.staff,
    customer_id: row.customerId,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    customer_email: row.customerEmail,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    notes: row.notes,
    price: row.price,
    reminder_sent_at: row.reminderSentAt?.toISOString() ?? null,
    source: row.source,
  };
}
export type AppointmentView = ReturnType<typeof toAppointmentView>;
