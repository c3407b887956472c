import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, supplierNameTaken, supplierNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { toSupplierView, type SupplierView } from './purchasing-views.ts';
import { supplierColumns, type SupplierFieldsInput } from './supplier-fields.ts';

/**
 * Edits a supplier; `isActive: false` archives it (its history stays; it takes no new purchase
 * orders and leaves the default list), `true` brings it back. Audited.
 */
export async function updateSupplier(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: SupplierFieldsInput & { name?: string | undefined; isActive?: boolean | undefined },
  now: Date,
): Promise<SupplierView> {
  const name = input.name?.trim();
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const current = await repo.findSupplier(tx, tenant.businessId, id, true);
      if (!current) throw supplierNotFound();
      if (name && (await repo.findSupplierByName(tx, tenant.businessId, name, id))) throw supplierNameTaken();
      const row = await repo.updateSupplier(tx, tenant.businessId, id, {
        ...supplierColumns(input),
        ...(name ? { name } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        updatedAt: now,
      });
      const action = input.isActive === false && current.isActive ? 'supplier.archived' : input.isActive === true && !current.isActive ? 'supplier.restored' : 'supplier.updated';
      await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action, details: { supplier_id: id, name: row!.name, fields: Object.keys(input) } }]);
      return toSupplierView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw supplierNameTaken();
    throw error;
  }
}
