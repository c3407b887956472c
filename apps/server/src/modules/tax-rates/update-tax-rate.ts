import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { taxRateNameTaken, withTaxRateNameCheck } from './tax-rate-errors.ts';
import { taxRatesRepository } from './tax-rates.repository.ts';
import { toTaxRateView, type TaxRateView } from './tax-rate-view.ts';

export interface UpdateTaxRateInput {
  name?: string | undefined;
  basisPoints?: number | undefined;
  isDefault?: boolean | undefined;
}

/** A changed rate changes what every product using it costs at the till, so it is audited with old and new. */
export async function updateTaxRate(database: Database, tenant: TenantContext, id: string, input: UpdateTaxRateInput): Promise<TaxRateView> {
  return withTaxRateNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const current = await taxRatesRepository.findById(tx, tenant.businessId, id);
      if (!current) throw notFound('tax_rate_not_found', 'There is no such tax rate');
      if (input.name !== undefined && input.name !== current.name) {
        const all = await taxRatesRepository.list(tx, tenant.businessId);
        if (all.some((rate) => rate.id !== id && rate.name === input.name)) throw taxRateNameTaken(input.name);
      }
      if (input.isDefault === true) await taxRatesRepository.clearDefaultExcept(tx, tenant.businessId, id);
      const row = await taxRatesRepository.update(tx, tenant.businessId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.basisPoints !== undefined ? { basisPoints: input.basisPoints } : {}),
        ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
      });
      const changes: Record<string, unknown> = {};
      if (input.name !== undefined && input.name !== current.name) changes.name = { old: current.name, new: input.name };
      if (input.basisPoints !== undefined && input.basisPoints !== current.basisPoints) {
        changes.basis_points = { old: current.basisPoints, new: input.basisPoints };
      }
      if (input.isDefault !== undefined && input.isDefault !== current.isDefault) changes.is_default = { old: current.isDefault, new: input.isDefault };
      if (Object.keys(changes).length) {
        await businessRepository.insertAudit(tx, {
          businessId: tenant.businessId,
          actorUserId: tenant.userId,
          actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
          action: 'tax_rate.changed',
          details: { tax_rate_id: id, ...changes },
        });
      }
      return toTaxRateView(row!);
    }),
  );
}
