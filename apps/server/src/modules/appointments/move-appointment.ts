import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, appointmentNotFound, isOverlapViolation, slotTaken, toAppointmentView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';
import { checkNotPast, checkStaffCanTake, checkStartMark } from './booking-rules.ts';

/**
 * Reschedules a booked appointment, to another time and optionally another staff member; it keeps
 * its length. The same checks as a booking. Audited.
 */
export async function moveAppointment(database: Database, tenant: TenantContext, id: string, input: { starts_at: string; employee_id?: string | undefined }, now: Date) {
  const startsAt = new Date(input.starts_at);
  checkStartMark(startsAt);
  checkNotPast(startsAt, now);
  let staffName = '';
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const current = await repo.findAppointment(tx, tenant.businessId, id, true);
      if (!current) throw appointmentNotFound();
      if (current.status !== 'booked') throw new AppError(409, 'appointment_closed', `This appointment is ${current.status.replace('_', '-')} and can no longer be moved`);
      const employeeId = input.employee_id ?? current.employeeId;
      const serviceName = await repo.serviceName(tx, tenant.businessId, current.serviceId);
      const slot = { start: startsAt, end: new Date(startsAt.getTime() + (current.endsAt.getTime() - current.startsAt.getTime())) };
      const staff = await checkStaffCanTake(tx, tenant.businessId, employeeId, current.serviceId, serviceName, slot);
      staffName = staff.fullName;
      // A moved appointment is reminded again for its new day.
      const row = await repo.updateAppointment(tx, tenant.businessId, id, { employeeId, startsAt: slot.start, endsAt: slot.end, reminderSentAt: null, updatedAt: now });
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'appointment.moved',
        details: { appointment_id: id, from: current.startsAt.toISOString(), to: slot.start.toISOString(), from_employee_id: current.employeeId, employee_id: employeeId },
      });
      return { appointment: toAppointmentView(row, { service: serviceName, staff: staff.fullName }) };
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTaken(staffName);
    throw error;
  }
}
