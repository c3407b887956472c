import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { judgeServiceDues } from './service-due.ts';

/** The shop's list of vehicles whose next service is overdue or due soon, the most urgent first. */
export async function listServiceDue(database: Database, tenant: TenantContext, now = new Date()) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const judged = await judgeServiceDues(tx, tenant.businessId, now);
    const rank = { overdue: 0, due_soon: 1, ok: 2, none: 3 } as const;
    const vehicles = judged
      .filter((row) => row.due.status === 'overdue' || row.due.status === 'due_soon')
      .sort((a, b) => rank[a.due.status] - rank[b.due.status] || (a.due.dueOn ?? '9999').localeCompare(b.due.dueOn ?? '9999'))
      .map((row) => ({
        vehicle: row.view,
        status: row.due.status as 'overdue' | 'due_soon',
        due_on: row.vehicle.nextServiceDueOn,
        due_mileage: row.vehicle.nextServiceDueMileage,
        estimated_mileage: row.due.estimatedMileage,
        expected_on: row.due.dueOn,
        customer_email: row.customerEmail,
        customer_phone: row.customerPhone,
        reminded: row.vehicle.serviceRemindedFor !== null && row.vehicle.serviceRemindedFor === `${row.vehicle.nextServiceDueOn ?? ''}|${row.vehicle.nextServiceDueMileage ?? ''}`,
      }));
    return { today: judged[0]?.today ?? null, vehicles };
  });
}
