import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { businesses, helpRequests, superAdmins, user } from '../../db/schema/index.ts';

export const helpCenterRepository = {
  async countSince(tx: Tx, businessId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(helpRequests)
      .where(and(eq(helpRequests.businessId, businessId), gt(helpRequests.createdAt, since)));
    return row?.count ?? 0;
  },

  /** Serialises the business's contact messages until the transaction ends, so the hourly limit holds under concurrent sends. */
  async lockBusiness(tx: Tx, businessId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${businessId}), hashtext('help-request'))`);
  },

  async insert(tx: Tx, values: typeof helpRequests.$inferInsert) {
    const [row] = await tx.insert(helpRequests).values(values).returning();
    return row!;
  },

  async businessName(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name ?? '';
  },

  /** The verified e-mail addresses of the platform's super admins (a platform table: read outside any tenant). */
  async superAdminEmails(db: Db): Promise<string[]> {
    const rows = await db
      .select({ email: user.email })
      .from(superAdmins)
      .innerJoin(user, eq(user.id, superAdmins.userId))
      .where(eq(user.emailVerified, true));
    return rows.map((row) => row.email);
  },

  async accountEmail(db: Db, userId: string): Promise<string | null> {
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    return row?.email ?? null;
  },
};
