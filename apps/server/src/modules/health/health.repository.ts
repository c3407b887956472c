import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export function healthRepository(db: Db) {
  return {
    /** The cheapest round trip: it succeeds exactly when the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
