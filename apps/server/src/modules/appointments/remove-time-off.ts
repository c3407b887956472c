import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

export async function removeTimeOff(database: Database, tenant: TenantContext, id: string) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.deleteTimeOff(tx, tenant.businessId, id);
    if (!row) throw notFound('time_off_not_found', 'No time off of this business has this id');
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'staff_time_off.removed', details: { employee_id: row.employeeId, starts_on: row.startsOn, ends_on: row.endsOn } });
    return { removed: true as const };
  });
}
