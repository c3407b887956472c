import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { taxRateNameTaken, withTaxRateNameCheck } from './tax-rate-errors.ts';
import { taxRatesRepository } from './tax-rates.repository.ts';
import { toTaxRateView, type TaxRateView } from './tax-rate-view.ts';

export interface CreateTaxRateInput {
  name: string;
  basisPoints: number;
  /** Omitted: the business's first rate becomes its default, later ones do not. */
  isDefault?: boolean | undefined;
}

export async function createTaxRate(database: Database, tenant: TenantContext, input: CreateTaxRateInput): Promise<TaxRateView> {
  return withTaxRateNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const existing = await taxRatesRepository.list(tx, tenant.businessId);
      if (existing.some((rate) => rate.name === input.name)) throw taxRateNameTaken(input.name);
      const isDefault = input.isDefault ?? !existing.some((rate) => rate.isDefault);
      if (isDefault) await taxRatesRepository.clearDefaultExcept(tx, tenant.businessId, null);
      const row = await taxRatesRepository.insert(tx, {
        businessId: tenant.businessId,
        name: input.name,
        basisPoints: input.basisPoints,
        isDefault,
      });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        actorUserId: tenant.userId,
        actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
        action: 'tax_rate.created',
        details: { tax_rate_id: row.id, name: row.name, basis_points: row.basisPoints, is_default: row.isDefault },
      });
      return toTaxRateView(row);
    }),
  );
}
