import type { Database } from '../../db/client.ts';
import { toPlanAdminView, toPlanSummary } from './plan-view.ts';
import { plansRepository } from './plans.repository.ts';

/** The plans on offer (public /pricing): active ones, cheapest first. */
export async function listPublicPlans(database: Database) {
  return (await plansRepository.list(database.db, { activeOnly: true })).map(toPlanSummary);
}

/** Every plan for the super admin, with how many businesses are on each (the default plan counts the unassigned ones). */
export async function listPlansForAdmin(database: Database) {
  const [rows, assigned, businesses] = await Promise.all([
    plansRepository.list(database.db, { activeOnly: false }),
    plansRepository.assignedCounts(database.db),
    plansRepository.listBusinesses(database.db),
  ]);
  const counts = new Map(assigned.map((row) => [row.planId, Number(row.businesses)]));
  const unassigned = businesses.filter((row) => row.planId === null).length;
  return rows.map((row) => toPlanAdminView(row, (counts.get(row.id) ?? 0) + (row.isDefault ? unassigned : 0)));
}
