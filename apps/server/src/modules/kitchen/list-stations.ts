import type { KitchenStationView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toStationView } from './kitchen-views.ts';

export function listStations(database: Database, tenant: TenantContext): Promise<KitchenStationView[]> {
  return database.withTenant(tenant.businessId, async (tx) => (await repo.stations(tx, tenant.businessId)).map(toStationView));
}
