import { addDays } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';

export interface AiBusiness {
  currency: string;
  timeZone: string;
  /** The business's local day now; models learn from the days before it. */
  today: string;
  yesterday: string;
  /** The first local day with a paid sale (null without one): history is read from there on. */
  firstSaleDay: string | null;
  /** Cache key: the local day and the data the models learn from. */
  key: string;
}

/** The business's currency, time zone, local today and the cache key of its data. */
export async function loadAiBusiness(tx: Tx, businessId: string): Promise<AiBusiness> {
  const business = await repo.findBusiness(tx, businessId);
  if (!business) throw notFound('business_not_found', 'No business is set up for this account');
  const fingerprint = await repo.fingerprint(tx, businessId);
  const firstSaleDay = await repo.firstSaleDay(tx, businessId, business.timeZone);
  return { ...business, firstSaleDay, yesterday: addDays(business.today, -1), key: `${business.today}|${business.timeZone}|${fingerprint}` };
}
