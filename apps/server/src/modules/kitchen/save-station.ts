import type { KitchenStationView, StationFields, StationInput } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, stationNotFound } from './kitchen-errors.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toStationView } from './kitchen-views.ts';

type Input = StationFields;
export type { StationInput };

const nameTaken = () => new AppError(409, 'kitchen_station_name_taken', 'Another station already has this name');

async function checkedCategories(tx: Tx, businessId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = new Set(await repo.categoriesExist(tx, businessId, unique));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw new AppError(422, 'category_not_found', 'A category named here does not exist', { category_ids: missing });
  return unique;
}

async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A new station (Grill, Cold, Bar) with the categories it prepares. Audited as a setting. */
export function createStation(database: Database, tenant: TenantContext, input: Input): Promise<KitchenStationView> {
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      const categoryIds = await checkedCategories(tx, tenant.businessId, input.categoryIds);
      const station = await repo.insertStation(tx, { businessId: tenant.businessId, name: input.name, categoryIds, warnAfterSeconds: input.warnAfterSeconds, lateAfterSeconds: input.lateAfterSeconds });
      await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.station_created', details: { station_id: station.id, name: station.name } }]);
      return toStationView(station);
    }),
  );
}

export function updateStation(database: Database, tenant: TenantContext, id: string, input: Input): Promise<KitchenStationView> {
  return unique(() =>
    database.withTenant(tenant.businessId, async (tx) => {
      const categoryIds = await checkedCategories(tx, tenant.businessId, input.categoryIds);
      const station = await repo.updateStation(tx, tenant.businessId, id, { name: input.name, categoryIds, warnAfterSeconds: input.warnAfterSeconds, lateAfterSeconds: input.lateAfterSeconds });
      if (!station) throw stationNotFound();
      await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.station_updated', details: { station_id: id, name: station.name } }]);
      return toStationView(station);
    }),
  );
}

export function deleteStation(database: Database, tenant: TenantContext, id: string): Promise<void> {
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.deleteStation(tx, tenant.businessId, id))) throw stationNotFound();
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'kitchen.station_deleted', details: { station_id: id } }]);
  });
}
