import type { Database, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { storeNotFound } from './store-errors.ts';
import { storesRepository, type StoreRow } from './stores.repository.ts';

/** Why a store is the current one: the paired till's, the employee's only store, or the main store. */
export type CurrentStoreSource = 'till' | 'employee' | 'main';

/**
 * The store a stock write that names none moves, and the store the stock screens start on
 * (decision 059): the paired till's store when the request comes from a till and the employee may
 * work there; else the one open store the employee is assigned to, when it is exactly one; else
 * the main store (decision 044: an employee with no assignment works everywhere). A storeId the
 * caller names always wins over this, and is checked as before.
 */
export async function currentStore(tx: Tx, tenant: TenantContext): Promise<{ store: StoreRow; source: CurrentStoreSource }> {
  const employeeId = tenant.employeeSession?.employeeId ?? null;
  const assigned = employeeId ? await storesRepository.employeeStoreIds(tx, tenant.businessId, employeeId) : [];
  const open = async (id: string | null) => {
    const store = id ? await storesRepository.findById(tx, tenant.businessId, id) : null;
    return store?.isActive ? store : null;
  };
  if (tenant.registerId) {
    const till = await open(await storesRepository.registerStoreId(tx, tenant.businessId, tenant.registerId));
    if (till && (assigned.length === 0 || assigned.includes(till.id))) return { store: till, source: 'till' };
  }
  if (assigned.length === 1) {
    const own = await open(assigned[0]!);
    if (own) return { store: own, source: 'employee' };
  }
  const main = await storesRepository.defaultStore(tx, tenant.businessId);
  if (!main) throw storeNotFound();
  return { store: main, source: 'main' };
}

/** The current store for the stock screens' store pickers (GET /api/stores/current). */
export async function getCurrentStore(database: Database, tenant: TenantContext): Promise<{ storeId: string; name: string; source: CurrentStoreSource }> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const { store, source } = await currentStore(tx, tenant);
    return { storeId: store.id, name: store.name, source };
  });
}
