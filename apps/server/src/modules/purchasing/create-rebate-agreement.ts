import type { RebateAgreementInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './purchasing-errors.ts';
import { agreementColumns, checkAgreementReferences, rebateResult, toAgreementView } from './rebate-results.ts';
import { rebatesRepository as repo } from './rebates.repository.ts';

/** Saves a rebate agreement with one of the business's suppliers. Audited. */
export async function createRebateAgreement(database: Database, tenant: TenantContext, input: RebateAgreementInput, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const supplier = await checkAgreementReferences(tx, tenant.businessId, input);
    const row = await repo.insertAgreement(tx, { businessId: tenant.businessId, ...agreementColumns(input), createdAt: now, updatedAt: now });
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'rebate_agreement.created', details: { rebate_agreement_id: row.id, supplier_id: supplier.id, name: row.name } });
    return { agreement: toAgreementView({ agreement: row, supplierName: supplier.name }), result: await rebateResult(tx, tenant.businessId, input) };
  });
}
