import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, session, sessionAssurance } from '../../db/schema/index.ts';

/** The account's better-auth sessions and the audit line of an account change. */
export function sessionsRepository(db: Db) {
  return {
    async list(userId: string) {
      return db
        .select({
          id: session.id,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          level: sessionAssurance.level,
        })
        .from(session)
        .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, session.id))
        .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
        .orderBy(desc(session.updatedAt));
    },
    async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
      await tx.insert(auditLog).values(values);
    },
    async remove(userId: string, sessionId: string): Promise<boolean> {
      const removed = await db
        .delete(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .returning({ id: session.id });
      return removed.length > 0;
    },
  };
}
