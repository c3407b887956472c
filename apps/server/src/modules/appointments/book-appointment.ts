import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, customerNotFound, isOverlapViolation, slotTaken, toAppointmentView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';
import { bookableService, checkNotPast, checkStaffCanTake, checkStartMark, slotOf } from './booking-rules.ts';

export interface BookAppointmentInput {
  service_id: string;
  employee_id: string;
  starts_at: string;
  customer_id?: string | null | undefined;
  customer_name?: string | null | undefined;
  customer_phone?: string | null | undefined;
  customer_email?: string | null | undefined;
  notes?: string | null | undefined;
}

/**
 * Books a customer (an existing one, or a name with a phone or e-mail) with a staff member for a
 * service: ends when the service's duration is over, at the service's price. Refused outside the
 * staff member's hours, on their time off, and (by the database) over another booking. Audited.
 */
export async function bookAppointment(database: Database, tenant: TenantContext, input: BookAppointmentInput, now: Date) {
  const startsAt = new Date(input.starts_at);
  checkStartMark(startsAt);
  checkNotPast(startsAt, now);
  if (!input.customer_id && !input.customer_name?.trim()) throw new AppError(400, 'customer_required', 'Choose a customer or type the customer’s name');
  let staffName = '';
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const service = await bookableService(tx, tenant.businessId, input.service_id);
      const slot = slotOf(startsAt, service.durationMinutes);
      const staff = await checkStaffCanTake(tx, tenant.businessId, input.employee_id, service.id, service.name, slot);
      staffName = staff.fullName;
      const customer = input.customer_id ? await repo.findCustomer(tx, tenant.businessId, input.customer_id) : null;
      if (input.customer_id && !customer) throw customerNotFound();
      const row = await repo.insertAppointment(tx, {
        businessId: tenant.businessId,
        serviceId: service.id,
        employeeId: staff.id,
        customerId: customer?.id ?? null,
        customerName: customer?.name ?? input.customer_name!.trim(),
        customerPhone: input.customer_phone || customer?.phone || null,
        customerEmail: input.customer_email || customer?.email || null,
        startsAt: slot.start,
        endsAt: slot.end,
        notes: input.notes || null,
        price: service.price,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'appointment.booked',
        details: { appointment_id: row.id, employee_id: staff.id, starts_at: row.startsAt.toISOString() },
      });
      return { appointment: toAppointmentView(row, { service: service.name, staff: staff.fullName }) };
    });
  } catch (error) {
    if (isOverlapViolation(error)) throw slotTaken(staffName);
    throw error;
  }
}
