import type { RebateAgreementInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './purchasing-errors.ts';
import { agreementColumns, checkAgreementReferences, rebateAgreementNotFound, rebateResult, toAgreementView } from './rebate-results.ts';
import { rebatesRepository as repo } from './rebates.repository.ts';

/** Replaces an agreement's terms (the whole agreement is sent, as the form holds it). Audited with the terms before. */
export async function updateRebateAgreement(database: Database, tenant: TenantContext, id: string, input: RebateAgreementInput, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findAgreement(tx, tenant.businessId, id);
    if (!current) throw rebateAgreementNotFound();
    const supplier = await checkAgreementReferences(tx, tenant.businessId, input);
    const row = await repo.updateAgreement(tx, tenant.businessId, id, { ...agreementColumns(input), updatedAt: now });
    const before = current.agreement;
    await repo.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'rebate_agreement.updated',
      details: { rebate_agreement_id: id, supplier_id: supplier.id, before: { kind: before.kind, basis: before.basis, tiers: before.tiers, starts_on: before.startsOn, ends_on: before.endsOn } },
    });
    return { agreement: toAgreementView({ agreement: row, supplierName: supplier.name }), result: await rebateResult(tx, tenant.businessId, input) };
  });
}
