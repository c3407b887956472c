import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { settingsOf } from './get-workshop-settings.ts';
import { actorOf } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export async function saveWorkshopSettings(database: Database, tenant: TenantContext, input: { inspectionPoints: string[]; labourRate: number }) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const points = [...new Set(input.inspectionPoints.map((point) => point.trim()).filter(Boolean))];
    await repo.saveSettings(tx, tenant.businessId, { inspectionPoints: points, labourRate: input.labourRate });
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'workshop.settings_changed', details: { inspection_points: points.length, labour_rate: input.labourRate } });
    return settingsOf(tx, tenant.businessId);
  });
}
