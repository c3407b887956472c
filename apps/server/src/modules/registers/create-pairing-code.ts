import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { hashSecret, newPairingCode } from './register-credential.ts';
import { registersRepository } from './registers.repository.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';

/** How long a pairing code shown in settings can be typed on the new till. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;

/**
 * A one-time code to pair a till (issue 10 item 1). Settings shows it; typed on the device at
 * /pos-terminal-login, it makes that device a till of this business. A new code replaces the
 * unused ones, so only the code on screen works.
 */
export async function createPairingCode(database: Database, tenant: TenantContext, now: Date): Promise<{ code: string; expires_at: string }> {
  const code = newPairingCode();
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
  await database.withTenant(tenant.businessId, async (tx) => {
    const storeId = await registersRepository.defaultStoreId(tx, tenant.businessId);
    if (!storeId) throw new AppError(409, 'no_store', 'This business has no store to put a till in');
    // Said now, not after the code is typed on the device (pairing checks again).
    await assertPlanAllows(tx, tenant.businessId, 'registers');
    await registersRepository.expireOpenPairingCodes(tx, tenant.businessId, now);
    await registersRepository.insertPairingCode(tx, {
      businessId: tenant.businessId,
      codeHash: hashSecret(code),
      storeId,
      createdByUserId: tenant.employeeSession ? null : tenant.userId,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
      createdAt: now,
      expiresAt,
    });
    await registersRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'register.pairing_code_created',
      details: { expires_at: expiresAt.toISOString() },
    });
  });
  return { code, expires_at: expiresAt.toISOString() };
}
