import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, businessSettings, businesses, profiles, superAdmins, user } from '../../db/schema/index.ts';
import type { Industry } from '@till/core';

/**
 * Account-level queries. They run as the connecting role, outside any tenant: they are how an
 * account finds its business before a tenant is known, and how a new business is provisioned.
 */
export function accountsRepository(db: Db) {
  return {
    async findUserIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      return row?.id ?? null;
    },

    /** The password hash of the account's credential (email or phone + password), if it has one. */
    async findPasswordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .limit(1);
      return row?.password ?? null;
    },

    async findUserIdByPhone(phone: string): Promise<string | null> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone)).limit(1);
      return row?.id ?? null;
    },

    async setPhoneNumber(userId: string, phone: string): Promise<void> {
      await db.update(user).set({ phoneNumber: phone, phoneNumberVerified: false }).where(eq(user.id, userId));
    },

    async deleteUser(userId: string): Promise<void> {
      await db.delete(user).where(eq(user.id, userId));
    },

    /** A new account's business and profile, together or not at all. */
    async createBusinessWithProfile(input: {
      userId: string;
      businessName: string;
      profileBusinessName: string | null;
      fullName: string | null;
      industry: Industry;
      /** Left out: the column defaults. */
      currency?: string | undefined;
      timeZone?: string | undefined;
    }): Promise<{ businessId: string }> {
      return db.transaction(async (tx) => {
        const [business] = await tx
          .insert(businesses)
          .values({
            ownerUserId: input.userId,
            name: input.businessName,
            ...(input.currency ? { currency: input.currency } : {}),
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          })
          .returning({ id: businesses.id });
        if (!business) throw new Error('business insert returned no row');
        await tx.insert(profiles).values({
          userId: input.userId,
          businessId: business.id,
          businessName: input.profileBusinessName,
          fullName: input.fullName,
          industry: input.industry,
        });
        return { businessId: business.id };
      });
    },

    async findProfile(userId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * What every business request needs to know first, in one round trip: the account's
     * business, whether the account owns it, and the feature switches (null: no settings row).
     */
    async findBusinessContext(userId: string) {
      const [row] = await db
        .select({
          businessId: profiles.businessId,
          ownerUserId: businesses.ownerUserId,
          enabledFeatures: businessSettings.enabledFeatures,
        })
        .from(profiles)
        .innerJoin(businesses, eq(businesses.id, profiles.businessId))
        .leftJoin(businessSettings, eq(businessSettings.businessId, profiles.businessId))
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row ?? null;
    },

    async isBusinessOwnerAccount(userId: string, businessId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(sql`${businesses.id} = ${businessId} and ${businesses.ownerUserId} = ${userId}`)
        .limit(1);
      return Boolean(row);
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
      return Boolean(row);
    },

    async isSuperAdmin(userId: string): Promise<boolean> {
      const result = await db.execute<{ is_super_admin: boolean }>(sql`select is_super_admin(${userId}::uuid) as is_super_admin`);
      return Boolean((result as unknown as { rows: { is_super_admin: boolean }[] }).rows[0]?.is_super_admin);
    },

    /**
     * Grants super admin to the accounts whose email is configured in SUPER_ADMIN_EMAILS and
     * verified: whoever signs up first with such an address gets nothing until they prove it is theirs.
     */
    async grantSuperAdminByEmail(emails: string[]): Promise<number> {
      if (emails.length === 0) return 0;
      const rows = await db.select({ id: user.id }).from(user).where(and(inArray(user.email, emails), eq(user.emailVerified, true)));
      if (rows.length === 0) return 0;
      await db
        .insert(superAdmins)
        .values(rows.map((row) => ({ userId: row.id })))
        .onConflictDoNothing();
      return rows.length;
    },

    /** Super admins whose address is not verified lose the role (granted before verification was required). */
    async revokeUnverifiedSuperAdmins(): Promise<number> {
      const unverified = db.select({ id: user.id }).from(user).where(eq(user.emailVerified, false));
      const removed = await db.delete(superAdmins).where(inArray(superAdmins.userId, unverified)).returning({ userId: superAdmins.userId });
      return removed.length;
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
