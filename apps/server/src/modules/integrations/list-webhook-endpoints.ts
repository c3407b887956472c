import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { integrationsRepository as repo } from './integrations.repository.ts';
import { endpointNotFound, toDeliveryView, toEndpointView, type WebhookDeliveryView, type WebhookEndpointView } from './webhook-view.ts';

/** The business's endpoints, oldest first, each with its latest delivery and queue counts. */
export async function listWebhookEndpoints(database: Database, tenant: TenantContext): Promise<WebhookEndpointView[]> {
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.endpoints(tx, businessId);
    const summaries = new Map((await repo.deliverySummaries(tx, businessId)).map((summary) => [summary.endpoint_id, summary]));
    return rows.map((row) => toEndpointView(row, summaries.get(row.id)));
  });
}

export const DELIVERY_LOG_LIMIT = 100;

/** An endpoint's delivery log, newest first (the latest 100). */
export async function listWebhookDeliveries(database: Database, tenant: TenantContext, endpointId: string): Promise<WebhookDeliveryView[]> {
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    if (!(await repo.endpoint(tx, businessId, endpointId))) throw endpointNotFound();
    return (await repo.deliveries(tx, businessId, endpointId, DELIVERY_LOG_LIMIT)).map(toDeliveryView);
  });
}
