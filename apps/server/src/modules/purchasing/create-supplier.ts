import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, supplierNameTaken } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { toSupplierView, type SupplierView } from './purchasing-views.ts';
import { supplierColumns, type SupplierFieldsInput } from './supplier-fields.ts';

/** Adds a supplier; its name is unique in the business (case-insensitive). Audited. */
export async function createSupplier(database: Database, tenant: TenantContext, input: SupplierFieldsInput & { name: string }, now: Date): Promise<SupplierView> {
  const name = input.name.trim();
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      if (await repo.findSupplierByName(tx, tenant.businessId, name, null)) throw supplierNameTaken();
      const row = await repo.insertSupplier(tx, { businessId: tenant.businessId, name, ...supplierColumns(input), createdAt: now, updatedAt: now });
      await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'supplier.created', details: { supplier_id: row.id, name } }]);
      return toSupplierView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw supplierNameTaken();
    throw error;
  }
}
