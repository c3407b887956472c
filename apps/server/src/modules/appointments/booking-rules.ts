import { addMinutes, checkWorkingTime, dayInZone } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hoursOf, serviceNotFound, staffNotFound, timeOffOf } from './appointment-views.ts';
import { appointmentsRepository as repo, type ServiceRow } from './appointments.repository.ts';

/** Starts fall on a 5-minute mark of the clock (the calendar's finest step). */
export function checkStartMark(startsAt: Date) {
  if (startsAt.getUTCSeconds() !== 0 || startsAt.getUTCMilliseconds() !== 0 || startsAt.getUTCMinutes() % 5 !== 0) {
    throw new AppError(400, 'invalid_start', 'Appointments start on a 5-minute mark (for example 10:00 or 10:05)');
  }
}

export function checkNotPast(startsAt: Date, now: Date) {
  if (startsAt.getTime() < now.getTime() - 60_000) throw new AppError(422, 'start_in_past', 'That time has already passed: choose a time from now on');
}

export async function bookableService(tx: Tx, businessId: string, serviceId: string): Promise<ServiceRow> {
  const service = await repo.findService(tx, businessId, serviceId);
  if (!service) throw serviceNotFound();
  if (!service.active) throw new AppError(422, 'service_inactive', `${service.name} is not offered at the moment`);
  return service;
}

/**
 * Locks the staff member (bookings for one person happen one after another), then checks they do
 * the service and work then. The overlap itself is refused by appointments_no_overlap.
 */
export async function checkStaffCanTake(tx: Tx, businessId: string, employeeId: string, serviceId: string, serviceName: string, slot: { start: Date; end: Date }) {
  const staff = await repo.lockStaff(tx, businessId, employeeId);
  if (!staff) throw staffNotFound();
  const capable = (await repo.serviceStaff(tx, businessId)).filter((row) => row.serviceId === serviceId);
  if (capable.length && !capable.some((row) => row.employeeId === employeeId)) {
    throw new AppError(422, 'staff_cannot_do_service', `${staff.fullName} does not do ${serviceName}`);
  }
  const timeZone = await repo.timeZoneOf(tx, businessId);
  const hours = await repo.hours(tx, businessId, [employeeId]);
  const timeOff = await repo.timeOff(tx, businessId, dayInZone(slot.start, timeZone), [employeeId]);
  const check = checkWorkingTime(slot, timeZone, hoursOf(hours), timeOffOf(timeOff), staff.fullName);
  if (!check.ok) throw new AppError(422, check.reason, check.message);
  return staff;
}

export const slotOf = (startsAt: Date, minutes: number) => ({ start: startsAt, end: addMinutes(startsAt, minutes) });
