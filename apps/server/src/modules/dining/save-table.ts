import { type DiningTableFields, type DiningTablePlacement, type DiningTableView } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf } from '../kitchen/kitchen-errors.ts';
import { areaNotFound, tableNotFound } from './dining-errors.ts';
import { diningRepository as repo } from './dining.repository.ts';
import { readPlan } from './get-plan.ts';

const nameTaken = () => new AppError(409, 'dining_table_name_taken', 'Another table already has this name');

async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function viewOf(tx: Tx, businessId: string, id: string): Promise<DiningTableView> {
  return (await readPlan(tx, businessId)).tables.find((table) => table.id === id)!;
}

/** A new table on the plan: name or number, seats, position and size. Audited as a setting. */
export function createTable(database: Database, tenant: TenantContext, input: DiningTableFields): Promise<DiningTableView> {
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      if (!(await repo.findArea(tx, tenant.businessId, input.areaId))) throw areaNotFound();
      const table = await repo.insertTable(tx, { businessId: tenant.businessId, ...input });
      await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.table_created', details: { table_id: table.id, name: table.name } });
      return viewOf(tx, tenant.businessId, table.id);
    }),
  );
}

export function updateTable(database: Database, tenant: TenantContext, id: string, input: DiningTableFields): Promise<DiningTableView> {
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      if (!(await repo.findArea(tx, tenant.businessId, input.areaId))) throw areaNotFound();
      const table = await repo.updateTable(tx, tenant.businessId, id, input);
      if (!table) throw tableNotFound();
      await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.table_updated', details: { table_id: table.id, name: table.name } });
      return viewOf(tx, tenant.businessId, table.id);
    }),
  );
}

/** Drag to arrange: a new position (and size) on the plan, not audited (it changes nothing else). */
export function placeTable(database: Database, tenant: TenantContext, id: string, input: DiningTablePlacement): Promise<DiningTableView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const table = await repo.updateTable(tx, tenant.businessId, id, input);
    if (!table) throw tableNotFound();
    return viewOf(tx, tenant.businessId, table.id);
  });
}

/** Removes a table; refused (409) while it has an open ticket. Old tickets keep its name as their label. */
export async function deleteTable(database: Database, tenant: TenantContext, id: string): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    const table = await repo.findTable(tx, tenant.businessId, id);
    if (!table) throw tableNotFound();
    if ((await repo.openTicketsOnTables(tx, tenant.businessId, [id])).length) throw new AppError(409, 'dining_table_in_use', 'This table has an open ticket');
    await repo.deleteTable(tx, tenant.businessId, id);
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.table_deleted', details: { table_id: id, name: table.name } });
  });
}
