import { AppError } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { accountsRepository } from './accounts.repository.ts';
import { sessionsRepository } from './sessions.repository.ts';

/** Sensitive account changes go to the business's audit log (ARCHITECTURE "Data rules"), when the account has one. */
export async function auditAccountAction(services: Services, account: SignedInAccount, action: string, details: Record<string, unknown>) {
  const profile = await accountsRepository(services.database.db).findProfile(account.user.id);
  if (!profile) return;
  await services.database.withTenant(profile.businessId, (tx) =>
    sessionsRepository(services.database.db).insertAudit(tx, { businessId: profile.businessId, actorUserId: account.user.id, action, details }),
  );
}

/** The account's active sessions, newest use first; `current` is the caller's. */
export async function listSessions(services: Services, account: SignedInAccount) {
  const rows = await sessionsRepository(services.database.db).list(account.user.id);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      level: row.level === 'aal2' ? ('aal2' as const) : ('aal1' as const),
      current: row.id === account.sessionId,
    })),
  };
}

/** Ends one session of the account (another browser, a lost phone); every app process drops it at once. */
export async function revokeSession(services: Services, account: SignedInAccount, sessionId: string) {
  if (!(await sessionsRepository(services.database.db).remove(account.user.id, sessionId))) {
    throw new AppError(404, 'session_not_found', 'No such session on this account');
  }
  services.sessionCache.forgetSession(sessionId);
  await services.realtime.barrier();
  await auditAccountAction(services, account, 'account.session_revoked', { sessionId, current: sessionId === account.sessionId });
}
