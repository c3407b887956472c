import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { registersRepository } from './registers.repository.ts';
import type { RegisterView } from './register-view.ts';

/** The paired tills, for Settings → Tills. */
export async function listRegisters(database: Database, tenant: TenantContext): Promise<RegisterView[]> {
  const rows = await database.withTenant(tenant.businessId, (tx) => registersRepository.listPaired(tx, tenant.businessId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    store_id: row.storeId,
    store_name: row.storeName,
    paired_at: row.pairedAt?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    is_this_device: row.id === tenant.registerId,
  }));
}
