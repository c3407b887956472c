import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, superAdmins, user } from '../../db/schema/index.ts';

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

    async listUsers(limit: number, offset: number) {
      return db
        .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, businessName: profiles.businessName })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .orderBy(asc(user.createdAt), asc(user.id))
        .limit(limit)
        .offset(offset);
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
