import type { Database } from '../../db/client.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { isSessionLive, type SessionWithEmployee } from './employee-session-view.ts';
import { readSessionToken } from './session-token.ts';

/** The live session of this business that a token names, with its employee as stored now; else null. */
export async function findLiveSession(
  database: Database,
  secret: string,
  businessId: string,
  token: string,
  now: Date,
): Promise<SessionWithEmployee | null> {
  const sessionId = readSessionToken(secret, token);
  if (!sessionId) return null;
  const row = await database.withTenant(businessId, (tx) => employeeSessionsRepository.findSessionWithEmployee(tx, businessId, sessionId));
  return row && isSessionLive(row, now) ? row : null;
}
