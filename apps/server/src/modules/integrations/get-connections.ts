import type { Services, TenantContext } from '../../lib/context.ts';
import { integrationsRepository as repo } from './integrations.repository.ts';

export interface ConnectionsView {
  smtp: { configured: boolean };
  ai_provider: { configured: boolean; base_url_host: string | null };
  storage: { driver: 'local' | 's3'; bucket: string | null };
  quickbooks: { feature_enabled: boolean; mapped: boolean; exports: number; last_export_at: string | null };
  webhooks: { endpoints: number; enabled: number; failing: number };
}

/**
 * Every connection's state for this business (issue 20 item 11), without secrets: whether e-mail
 * and the AI provider are configured (deployment settings), where files are kept, the QuickBooks
 * mapping and exports, and the webhook endpoints.
 */
export async function getConnections(services: Pick<Services, 'database' | 'config'>, tenant: TenantContext): Promise<ConnectionsView> {
  const { config } = services;
  const { businessId } = tenant;
  const figures = await services.database.withTenant(businessId, async (tx) => ({
    quickbooks: await repo.quickbooksState(tx, businessId),
    webhooks: await repo.webhookCounts(tx, businessId),
  }));
  let host: string | null = null;
  if (config.openaiBaseUrl) host = new URL(config.openaiBaseUrl).host;
  return {
    smtp: { configured: Boolean(config.smtpUrl) },
    ai_provider: { configured: Boolean(config.openaiBaseUrl || config.openaiApiKey), base_url_host: host },
    storage: { driver: config.storage.driver, bucket: config.storage.driver === 's3' ? (config.storage.s3?.bucket ?? null) : null },
    quickbooks: {
      feature_enabled: tenant.features.quickbooks_integration,
      mapped: figures.quickbooks.mapped,
      exports: figures.quickbooks.exports,
      last_export_at: figures.quickbooks.lastExportAt?.toISOString() ?? null,
    },
    webhooks: figures.webhooks,
  };
}
