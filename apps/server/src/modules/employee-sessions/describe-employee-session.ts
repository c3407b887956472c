import type { Services } from '../../lib/context.ts';
import { toEmployeeSessionView, type EmployeeSessionView } from './employee-session-view.ts';
import { findLiveSession } from './find-live-session.ts';

/** For GET /api/me: the SPEC §3 fields of the session a token names, or null when it is not live. */
export async function describeEmployeeSession(
  services: Pick<Services, 'database' | 'config'>,
  businessId: string,
  token: string,
  now: Date = new Date(),
  /** On a paired till, only a session opened on that till counts. */
  registerId: string | null = null,
): Promise<EmployeeSessionView | null> {
  const row = await findLiveSession(services.database, services.config.authSecret, businessId, token, now);
  if (!row || (registerId && row.registerId !== registerId)) return null;
  return toEmployeeSessionView(row);
}
