import type { Database } from '../../db/client.ts';
import { rebateResult, toAgreementView } from './rebate-results.ts';
import { rebatesRepository as repo } from './rebates.repository.ts';

export const MAX_REBATE_AGREEMENTS_LISTED = 200;

/** The agreements (of one supplier, or all), each tried against the goods received in its period. */
export async function listRebateAgreements(database: Database, businessId: string, supplierId: string | undefined) {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.listAgreements(tx, businessId, supplierId, MAX_REBATE_AGREEMENTS_LISTED);
    const agreements = [];
    for (const row of rows) {
      const view = toAgreementView(row);
      agreements.push({ ...view, result: await rebateResult(tx, businessId, { ...view, supplierId: view.supplier.id }) });
    }
    return { agreements };
  });
}
