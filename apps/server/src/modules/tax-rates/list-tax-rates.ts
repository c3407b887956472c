import type { Database } from '../../db/client.ts';
import { taxRatesRepository } from './tax-rates.repository.ts';
import { toTaxRateView, type TaxRateView } from './tax-rate-view.ts';

export async function listTaxRates(database: Database, businessId: string): Promise<TaxRateView[]> {
  const rows = await database.withTenant(businessId, (tx) => taxRatesRepository.list(tx, businessId));
  return rows.map(toTaxRateView);
}
