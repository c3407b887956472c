import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Tx } from '../../db/client.ts';
import { storesRepository, type StoreRow } from './stores.repository.ts';

export const storeNameTaken = (name: string) => conflict('store_name_taken', `There is already a store named "${name}"`);
export const storeNotFound = () => notFound('store_not_found', 'That store does not exist');

/** Runs `work`, turning a race on the unique store name into the same 409 as the check before it. */
export async function withStoreNameCheck<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw storeNameTaken(name);
    throw error;
  }
}

/**
 * A store of this business that is open for stock to move, else 404 (another business's store
 * is not found: row-level security hides it) or 422 store_inactive. An employee assigned to
 * stores may only act for those stores (no assignment: every store, decision 044).
 */
export async function requireActiveStore(tx: Tx, tenant: TenantContext, storeId: string, lock = false): Promise<StoreRow> {
  const store = await storesRepository.findById(tx, tenant.businessId, storeId, lock);
  if (!store) throw storeNotFound();
  if (!store.isActive) throw new AppError(422, 'store_inactive', `${store.name} is closed; reopen it on the stores page first`);
  await assertWorksIn(tx, tenant, store);
  return store;
}

export async function assertWorksIn(tx: Tx, tenant: TenantContext, store: Pick<StoreRow, 'id' | 'name'>): Promise<void> {
  const employeeId = tenant.employeeSession?.employeeId;
  if (!employeeId) return;
  const assigned = await storesRepository.employeeStoreIds(tx, tenant.businessId, employeeId);
  if (assigned.length > 0 && !assigned.includes(store.id)) throw forbidden('forbidden', `You are not assigned to ${store.name}`);
}
