import type { QuickbooksMapping } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { mappingOf, requireQuickbooksAccess } from './quickbooks-rules.ts';
import { quickbooksRepository as repo } from './quickbooks.repository.ts';

export interface MappingView {
  mapping: QuickbooksMapping | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** What the screen offers to map: category names and tax rates (basis points) a Z may show. */
  categories: string[];
  taxRates: number[];
}

export async function getQuickbooksMapping(database: Database, tenant: TenantContext): Promise<MappingView> {
  requireQuickbooksAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.findMapping(tx, tenant.businessId);
    return {
      mapping: row ? mappingOf(row) : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedByName ?? null,
      categories: await repo.knownCategoryNames(tx, tenant.businessId),
      taxRates: await repo.knownTaxRates(tx, tenant.businessId),
    };
  });
}
