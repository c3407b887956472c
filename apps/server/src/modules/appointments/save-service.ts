import type { Tx } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, serviceNameTaken, serviceNotFound, toServiceView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

export interface ServiceInput {
  name: string;
  duration_minutes: number;
  price: number;
  active?: boolean | undefined;
  staff_ids: string[];
}

async function checkStaff(tx: Tx, businessId: string, staffIds: string[]) {
  const unique = [...new Set(staffIds)];
  const found = await repo.findActiveStaff(tx, businessId, unique);
  if (found.length !== unique.length) throw new AppError(422, 'staff_not_found', 'A chosen staff member is not an active employee of this business');
  return unique;
}

/** A new bookable service. Audited. */
export async function createService(database: Database, tenant: TenantContext, input: ServiceInput, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    if (await repo.serviceNameTaken(tx, tenant.businessId, input.name)) throw serviceNameTaken();
    const staffIds = await checkStaff(tx, tenant.businessId, input.staff_ids);
    const row = await repo.insertService(tx, {
      businessId: tenant.businessId,
      name: input.name,
      durationMinutes: input.duration_minutes,
      price: input.price,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceServiceStaff(tx, tenant.businessId, row.id, staffIds);
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'appointment_service.created', details: { service_id: row.id, name: row.name } });
    return { service: toServiceView(row, staffIds) };
  });
}

/** Changes a service; bookings already made keep their times and price. Audited. */
export async function updateService(database: Database, tenant: TenantContext, id: string, input: ServiceInput, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.findService(tx, tenant.businessId, id))) throw serviceNotFound();
    if (await repo.serviceNameTaken(tx, tenant.businessId, input.name, id)) throw serviceNameTaken();
    const staffIds = await checkStaff(tx, tenant.businessId, input.staff_ids);
    const row = await repo.updateService(tx, tenant.businessId, id, {
      name: input.name,
      durationMinutes: input.duration_minutes,
      price: input.price,
      ...(input.active !== undefined ? { active: input.active } : {}),
      updatedAt: now,
    });
    await repo.replaceServiceStaff(tx, tenant.businessId, id, staffIds);
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'appointment_service.updated', details: { service_id: id, name: input.name } });
    return { service: toServiceView(row!, staffIds) };
  });
}
