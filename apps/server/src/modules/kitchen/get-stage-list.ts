import { stageListToWire, type StageListView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { loadStageList } from './stage-list.ts';

/** The business's kitchen stages (decision 036): its own list, or today's four. */
export function getStageList(database: Database, tenant: TenantContext): Promise<StageListView> {
  return database.withTenant(tenant.businessId, async (tx) => stageListToWire(await loadStageList(tx, tenant.businessId)));
}
