import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, appointmentNotFound, toAppointmentView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

export type ClosingStatus = 'cancelled' | 'no_show' | 'completed';

/** Cancels a booking (its time is free again), marks a no-show, or completes it. Final. Audited. */
export async function changeAppointmentStatus(database: Database, tenant: TenantContext, id: string, status: ClosingStatus, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findAppointment(tx, tenant.businessId, id, true);
    if (!current) throw appointmentNotFound();
    if (current.status !== 'booked') throw new AppError(409, 'appointment_closed', `This appointment is already ${current.status.replace('_', '-')}`);
    if (status !== 'cancelled' && current.startsAt > now) {
      throw new AppError(409, 'appointment_not_started', status === 'no_show' ? 'A no-show can be marked once the appointment has started' : 'An appointment can be completed once it has started');
    }
    const row = await repo.updateAppointment(tx, tenant.businessId, id, { status, updatedAt: now });
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: `appointment.${status}`, details: { appointment_id: id } });
    return {
      appointment: toAppointmentView(row, { service: await repo.serviceName(tx, tenant.businessId, row.serviceId), staff: await repo.staffName(tx, tenant.businessId, row.employeeId) }),
    };
  });
}
