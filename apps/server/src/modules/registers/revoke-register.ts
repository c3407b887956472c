import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { registersRepository } from './registers.repository.ts';

/**
 * Unpairs a till (lost, stolen or replaced): its credential and every employee session opened
 * on it stop working with the next request, in every app process. Audited.
 */
export async function revokeRegister(database: Database, tenant: TenantContext, registerId: string, now: Date): Promise<{ ended_sessions: number }> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const revoked = await registersRepository.revoke(tx, tenant.businessId, registerId, now);
    if (!revoked) throw new AppError(404, 'not_found', 'No paired till with this id');
    const endedSessions = await registersRepository.endSessionsOfRegister(tx, tenant.businessId, registerId, now);
    await registersRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'register.revoked',
      details: { register_id: registerId, name: revoked.name, ended_sessions: endedSessions },
    });
    return { ended_sessions: endedSessions };
  });
}
