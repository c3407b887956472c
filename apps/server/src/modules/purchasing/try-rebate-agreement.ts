import type { RebateAgreementInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { checkAgreementReferences, rebateResult } from './rebate-results.ts';

/** Tries terms that are not saved (the page's "Try") against the goods received; writes nothing. */
export async function tryRebateAgreement(database: Database, businessId: string, input: RebateAgreementInput) {
  return database.withTenant(businessId, async (tx) => {
    await checkAgreementReferences(tx, businessId, input);
    return { result: await rebateResult(tx, businessId, input) };
  });
}
