import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, businesses, platformAuditLog, session, user, verification } from '../../db/schema/index.ts';

/** The platform admin's calls on accounts (decisions 062, 067); audited in platform_audit_log. */
export function adminUsersRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, phoneNumber: user.phoneNumber, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row ?? null;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id, email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
      return row ?? null;
    },

    async findUserIdByPhone(phone: string): Promise<string | null> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone)).limit(1);
      return row?.id ?? null;
    },

    async hasPassword(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), sql`${account.password} is not null`))
        .limit(1);
      return Boolean(row);
    },

    /** Whether the account is banned at this moment (a ban with an end passes by itself). */
    async isBanned(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, userId), eq(user.banned, true), sql`(${user.banExpires} is null or ${user.banExpires} > now())`))
        .limit(1);
      return Boolean(row);
    },

    async markSignedIn(userId: string): Promise<void> {
      await db.update(user).set({ lastSignInAt: new Date() }).where(eq(user.id, userId));
    },

    /**
     * Changes the account and writes the audit row in one transaction: name, e-mail (with its
     * confirmation), phone, password (the credential row is made when the account had none), and
     * the ban, which also ends every session (their refresh tokens go with them). Returns the ended
     * session ids, or null when the account is gone.
     */
    async updateUser(
      userId: string,
      change: {
        name?: string;
        email?: string;
        emailVerified?: boolean;
        phoneNumber?: string | null;
        passwordHash?: string;
        ban?: { banned: boolean; banExpires: Date | null };
      },
      audit: { actorUserId: string; action: string; details: Record<string, unknown> },
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(user)
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.email !== undefined ? { email: change.email } : {}),
            ...(change.emailVerified !== undefined ? { emailVerified: change.emailVerified } : {}),
            ...(change.phoneNumber !== undefined ? { phoneNumber: change.phoneNumber } : {}),
            ...(change.ban ? { banned: change.ban.banned, banExpires: change.ban.banExpires } : {}),
            updatedAt: new Date(),
          })
          .where(eq(user.id, userId))
          .returning({ id: user.id });
        if (!updated) return null;
        if (change.passwordHash !== undefined) {
          const [credential] = await tx
            .update(account)
            .set({ password: change.passwordHash, updatedAt: new Date() })
            .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
            .returning({ id: account.id });
          if (!credential) await tx.insert(account).values({ userId, providerId: 'credential', accountId: userId, password: change.passwordHash });
        }
        let ended: string[] = [];
        if (change.ban?.banned) ended = (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).map((row) => row.id);
        await tx.insert(platformAuditLog).values(audit);
        return ended;
      });
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

    /** A one-time token (kept as its hash) naming the account; a newer one of the kind replaces the older. */
    async saveToken(identifier: string, userId: string, kind: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(and(eq(verification.value, userId), sql`${verification.identifier} like ${`${kind}:%`}`));
        await tx.insert(verification).values({ identifier, value: userId, expiresAt });
      });
    },

    /** Uses the token up (two requests cannot both win); null when unknown, used or past its time. */
    async takeToken(identifier: string): Promise<string | null> {
      const rows = await db.delete(verification).where(eq(verification.identifier, identifier)).returning({ value: verification.value, expiresAt: verification.expiresAt });
      return rows.find((row) => row.expiresAt > new Date())?.value ?? null;
    },
  };
}
