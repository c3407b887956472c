import type { Database } from '../../db/client.ts';
import { healthRepository } from './health.repository.ts';

export async function checkHealth(database: Database): Promise<{ status: 'ok' | 'degraded'; db: 'ok' | 'unreachable' }> {
  try {
    await healthRepository(database.db).ping();
    return { status: 'ok', db: 'ok' };
  } catch {
    return { status: 'degraded', db: 'unreachable' };
  }
}
