import type { DiningAreaInput, DiningAreaView } from '@till/core';
import { diningAreaInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf } from '../kitchen/kitchen-errors.ts';
import { areaNotFound } from './dining-errors.ts';
import { diningRepository as repo } from './dining.repository.ts';
import { toAreaView } from './dining-views.ts';

const nameTaken = () => new AppError(409, 'dining_area_name_taken', 'Another area already has this name');

async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A new area of the plan (Terrace, Bar…). Audited as a setting. */
export function createArea(database: Database, tenant: TenantContext, raw: DiningAreaInput): Promise<DiningAreaView> {
  const input = diningAreaInput.parse(raw);
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      const area = await repo.insertArea(tx, { businessId: tenant.businessId, name: input.name, position: input.position });
      await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.area_created', details: { area_id: area.id, name: area.name } });
      return toAreaView(area);
    }),
  );
}

export function updateArea(database: Database, tenant: TenantContext, id: string, raw: DiningAreaInput): Promise<DiningAreaView> {
  const input = diningAreaInput.parse(raw);
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      const area = await repo.updateArea(tx, tenant.businessId, id, { name: input.name, position: input.position });
      if (!area) throw areaNotFound();
      await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.area_updated', details: { area_id: area.id, name: area.name } });
      return toAreaView(area);
    }),
  );
}

/** Removes an area and its tables; refused (409) while one of its tables has an open ticket. */
export async function deleteArea(database: Database, tenant: TenantContext, id: string): Promise<void> {
  await database.withTenant(tenant.businessId, async (tx) => {
    const area = await repo.findArea(tx, tenant.businessId, id);
    if (!area) throw areaNotFound();
    const tables = (await repo.tables(tx, tenant.businessId)).filter((table) => table.areaId === id);
    if ((await repo.openTicketsOnTables(tx, tenant.businessId, tables.map((table) => table.id))).length) {
      throw new AppError(409, 'dining_table_in_use', 'A table of this area has an open ticket');
    }
    await repo.deleteArea(tx, tenant.businessId, id);
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'dining.area_deleted', details: { area_id: id, name: area.name } });
  });
}
