import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './purchasing-errors.ts';
import { rebateAgreementNotFound } from './rebate-results.ts';
import { rebatesRepository as repo } from './rebates.repository.ts';

/** Removes an agreement (it holds no money: what it earned is computed from the receipts, which stay). Audited. */
export async function deleteRebateAgreement(database: Database, tenant: TenantContext, id: string) {
  await database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findAgreement(tx, tenant.businessId, id);
    if (!current) throw rebateAgreementNotFound();
    await repo.deleteAgreement(tx, tenant.businessId, id);
    await repo.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'rebate_agreement.deleted',
      details: { rebate_agreement_id: id, supplier_id: current.agreement.supplierId, name: current.agreement.name },
    });
  });
  return { deleted: true as const };
}
