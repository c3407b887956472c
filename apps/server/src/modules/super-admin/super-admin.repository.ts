import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, superAdmins, user } from '../../db/schema/index.ts';

/** What the users list shows of an account's state: confirmed, banned (and until when), last sign-in. */
const accountState = {
  emailVerified: user.emailVerified,
  banned: sql<boolean>`(${user.banned} and (${user.banExpires} is null or ${user.banExpires} > now()))`,
  banExpires: user.banExpires,
  lastSignInAt: user.lastSignInAt,
};

/** Platform-wide reads for super administrators: deliberately outside any tenant. */
export function superAdminRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          phoneNumber: user.phoneNumber,
          createdAt: user.createdAt,
          ...accountState,
          businessId: profiles.businessId,
          businessName: profiles.businessName,
          industry: profiles.industry,
          isSuperAdmin: sql<boolean>`${superAdmins.userId} is not null`,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .leftJoin(superAdmins, eq(superAdmins.userId, user.id))
        .where(eq(user.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** A page of accounts, oldest first; `search` matches the e-mail, name or phone number (case-insensitive). */
    async listUsers(search: string | null, limit: number, offset: number) {
      const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
      const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern), ilike(user.phoneNumber, pattern)) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: user.id, email: user.email, name: user.name, phoneNumber: user.phoneNumber, createdAt: user.createdAt, ...accountState, businessName: profiles.businessName })
          .from(user)
          .leftJoin(profiles, eq(profiles.userId, user.id))
          .where(where)
          .orderBy(asc(user.createdAt), asc(user.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(user).where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    async roundTripMs(): Promise<number> {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return Math.round((performance.now() - started) * 100) / 100;
    },

    async migrations(): Promise<{ applied: number; latest: string | null }> {
      const result = await db.execute(sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`);
      const row = (result as unknown as { rows: { applied: number; latest: string | null }[] }).rows[0];
      return { applied: Number(row?.applied ?? 0), latest: row?.latest ?? null };
    },
  };
}
