import type { Database } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';
import { storeNameTaken, storeNotFound, withStoreNameCheck } from './store-errors.ts';
import { toStoreView, type StoreView } from './store-view.ts';
import { storesRepository } from './stores.repository.ts';

export interface StoreInput {
  name: string;
  address?: string | null | undefined;
  phone?: string | null | undefined;
  timeZone?: string | null | undefined;
}

const actorOf = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function listStores(database: Database, businessId: string): Promise<StoreView[]> {
  return database.withTenant(businessId, async (tx) => (await storesRepository.list(tx, businessId)).map(toStoreView));
}

/** Opens a store; an open store counts against the plan's store limit (decision 033). */
export async function createStore(database: Database, tenant: TenantContext, input: StoreInput): Promise<StoreView> {
  return withStoreNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      await assertPlanAllows(tx, tenant.businessId, 'stores');
      const existing = await storesRepository.list(tx, tenant.businessId);
      if (existing.some((store) => sameName(store.name, input.name))) throw storeNameTaken(input.name);
      const row = await storesRepository.insert(tx, {
        businessId: tenant.businessId,
        name: input.name,
        address: input.address ?? null,
        phone: input.phone ?? null,
        timeZone: input.timeZone ?? null,
        sortOrder: existing.length,
      });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: 'store.created',
        details: { store_id: row.id, name: row.name },
      });
      return toStoreView(row);
    }),
  );
}

/** Renames, re-addresses, closes (isActive false) or reopens a store. The default store stays open. */
export async function updateStore(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: Partial<StoreInput> & { isActive?: boolean | undefined },
): Promise<StoreView> {
  return withStoreNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const store = await storesRepository.findById(tx, tenant.businessId, id, true);
      if (!store) throw storeNotFound();
      if (input.name !== undefined && !sameName(input.name, store.name)) {
        const existing = await storesRepository.list(tx, tenant.businessId);
        if (existing.some((other) => other.id !== id && sameName(other.name, input.name!))) throw storeNameTaken(input.name);
      }
      if (input.isActive === false && store.isActive) {
        if (store.isDefault) throw conflict('default_store_protected', 'The main store cannot be closed');
        const registers = (await storesRepository.list(tx, tenant.businessId)).find((row) => row.id === id)?.registerCount ?? 0;
        if (registers > 0) {
          throw new AppError(409, 'illegal_transition', `${store.name} still has ${registers} till(s); move or revoke them first`);
        }
      }
      if (input.isActive === true && !store.isActive) await assertPlanAllows(tx, tenant.businessId, 'stores');
      const values: Parameters<typeof storesRepository.update>[3] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.address !== undefined) values.address = input.address;
      if (input.phone !== undefined) values.phone = input.phone;
      if (input.timeZone !== undefined) values.timeZone = input.timeZone;
      if (input.isActive !== undefined) values.isActive = input.isActive;
      const row = await storesRepository.update(tx, tenant.businessId, id, values);
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: input.isActive === false ? 'store.closed' : 'store.updated',
        details: { store_id: id, changes: Object.keys(values) },
      });
      const registerCount = (await storesRepository.list(tx, tenant.businessId)).find((other) => other.id === id)?.registerCount ?? 0;
      return toStoreView({ ...row, registerCount });
    }),
  );
}
