import type { QuickbooksMapping } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { actorName, mappingOf, requireQuickbooksAccess } from './quickbooks-rules.ts';
import { quickbooksRepository as repo } from './quickbooks.repository.ts';

/** Saves the whole account mapping (it replaces the last one); audited. */
export async function saveQuickbooksMapping(database: Database, tenant: TenantContext, input: QuickbooksMapping, now = new Date()) {
  requireQuickbooksAccess(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.saveMapping(tx, {
      businessId: tenant.businessId,
      defaultIncomeAccount: input.defaultIncomeAccount,
      categoryAccounts: input.categoryAccounts,
      defaultTaxAccount: input.defaultTaxAccount,
      taxRateAccounts: input.taxRateAccounts,
      cashAccount: input.paymentAccounts.cash,
      cardAccount: input.paymentAccounts.card,
      otherAccount: input.paymentAccounts.other,
      overShortAccount: input.overShortAccount,
      discountsAccount: input.discountsAccount,
      refundsAccount: input.refundsAccount,
      updatedByName: actorName(tenant),
      updatedAt: now,
    });
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'quickbooks.mapping_saved',
      details: { mapping: input },
    });
    return { mapping: mappingOf(row), updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedByName };
  });
}
