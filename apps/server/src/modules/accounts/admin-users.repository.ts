import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, platformAuditLog, user } from '../../db/schema/index.ts';

/** The platform admin's calls on accounts (decision 062); audited in platform_audit_log. */
export function adminUsersRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select({ id: user.id, email: user.email, phoneNumber: user.phoneNumber }).from(user).where(eq(user.id, userId)).limit(1);
      return row ?? null;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email)).limit(1);
      return row ?? null;
    },

    /**
     * Deletes the account with its sessions, and the business it owns with everything in it (the
     * foreign keys cascade), and writes the audit row, in one transaction. Null when already gone.
     */
    async deleteUser(userId: string, audit: { actorUserId: string; action: string }) {
      return db.transaction(async (tx) => {
        const owned = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerUserId, userId));
        const [deleted] = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id, email: user.email });
        if (!deleted) return null;
        const businessIds = owned.map((row) => row.id);
        await tx.insert(platformAuditLog).values({ actorUserId: audit.actorUserId, action: audit.action, details: { user_id: userId, email: deleted.email, business_ids: businessIds } });
        return { businessIds };
      });
    },

    async insertAudit(values: { actorUserId: string; action: string; details: Record<string, unknown> }) {
      await db.insert(platformAuditLog).values(values);
    },
  };
}
