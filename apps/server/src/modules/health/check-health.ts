import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export async function checkHealth(database: Database): Promise<{ status: 'ok' | 'degraded'; db: 'ok' | 'unreachable' }> {
  try {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', db: 'ok' };
  } catch {
    return { status: 'degraded', db: 'unreachable' };
  }
}
