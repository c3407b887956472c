import type { Database } from '../../db/client.ts';
import { toServiceView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

/** Every service of the business, active or not, with who can do it. */
export async function listServices(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const [services, staff] = [await repo.listServices(tx, businessId), await repo.serviceStaff(tx, businessId)];
    return { services: services.map((service) => toServiceView(service, staff.filter((row) => row.serviceId === service.id).map((row) => row.employeeId))) };
  });
}
