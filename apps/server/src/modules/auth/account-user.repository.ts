import { and, eq, gt, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, authFactors, authRecoveryCodes, session, user, verification } from '../../db/schema/index.ts';

/** better-auth's verification table keeps our short-lived marks too, under identifiers of our own. */
const reauthIdentifier = (sessionId: string) => `reauth:${sessionId}`;
const emailChangeIdentifier = (tokenHash: string) => `email-change:${tokenHash}`;

/** A unique address or phone number taken meanwhile by another account (PostgreSQL 23505). */
export class IdentityTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The signed-in account's own record: name, e-mail, phone, password, and the reauthentication mark (decision 053). */
export function accountUserRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          phoneNumber: user.phoneNumber,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row ?? null;
    },

    async isEmailTaken(email: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db.select({ id: user.id }).from(user).where(and(eq(user.email, email), ne(user.id, exceptUserId))).limit(1);
      return Boolean(row);
    },

    async isPhoneTaken(phone: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db.select({ id: user.id }).from(user).where(and(eq(user.phoneNumber, phone), ne(user.id, exceptUserId))).limit(1);
      return Boolean(row);
    },

    /** The session proved the password (and second factor) until `expiresAt`; a newer mark replaces the older. */
    async markReauthenticated(sessionId: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(eq(verification.identifier, reauthIdentifier(sessionId)));
        await tx.insert(verification).values({ identifier: reauthIdentifier(sessionId), value: 'password', expiresAt });
      });
    },

    async isRecentlyReauthenticated(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: verification.id })
        .from(verification)
        .where(and(eq(verification.identifier, reauthIdentifier(sessionId)), gt(verification.expiresAt, new Date())))
        .limit(1);
      return Boolean(row);
    },

    /** Uses a TOTP time step of a verified factor of the account: never the same step twice (decision 045). */
    async useTotpStep(userId: string, factorId: string, step: number): Promise<boolean> {
      const used = await db
        .update(authFactors)
        .set({ lastUsedStep: step, updatedAt: new Date() })
        .where(
          and(
            eq(authFactors.id, factorId),
            eq(authFactors.userId, userId),
            eq(authFactors.status, 'verified'),
            sql`(${authFactors.lastUsedStep} is null or ${authFactors.lastUsedStep} < ${step})`,
          ),
        )
        .returning({ id: authFactors.id });
      return used.length > 0;
    },

    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const used = await db
        .update(authRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(authRecoveryCodes.userId, userId), eq(authRecoveryCodes.codeHash, codeHash), isNull(authRecoveryCodes.usedAt)))
        .returning({ id: authRecoveryCodes.id });
      return used.length > 0;
    },

    /**
     * Name, phone and password together or not at all. A new password ends every other session
     * of the account; a new phone number is unverified. Throws IdentityTaken for a phone number
     * another account took meanwhile.
     */
    async updateUser(
      userId: string,
      keepSessionId: string,
      changes: { name?: string | undefined; phoneNumber?: string | undefined; passwordHash?: string | undefined },
    ): Promise<{ endedSessionIds: string[] }> {
      try {
        return await db.transaction(async (tx) => {
          const set: Partial<typeof user.$inferInsert> = { updatedAt: new Date() };
          if (changes.name !== undefined) set.name = changes.name;
          if (changes.phoneNumber !== undefined) Object.assign(set, { phoneNumber: changes.phoneNumber, phoneNumberVerified: false });
          await tx.update(user).set(set).where(eq(user.id, userId));
          if (changes.passwordHash === undefined) return { endedSessionIds: [] };
          const updated = await tx
            .update(account)
            .set({ password: changes.passwordHash, updatedAt: new Date() })
            .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
            .returning({ id: account.id });
          if (updated.length === 0) throw new Error('account has no password credential');
          const ended = await tx
            .delete(session)
            .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
            .returning({ id: session.id });
          return { endedSessionIds: ended.map((row) => row.id) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdentityTaken();
        throw error;
      }
    },

    /** Unlinks a sign-in way: the phone number goes, or the address gives way to a placeholder that receives nothing. */
    /** The wallet addresses linked to the account (decision 067). */
    async listWallets(userId: string): Promise<string[]> {
      const rows = await db.select({ address: account.accountId }).from(account).where(and(eq(account.userId, userId), eq(account.providerId, 'web3'))).orderBy(account.createdAt);
      return rows.map((row) => row.address);
    },

    async removeWallet(userId: string, address: string): Promise<void> {
      await db.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, 'web3'), eq(account.accountId, address)));
    },

    async removeIdentity(userId: string, change: { phoneNumber: null } | { email: string }): Promise<void> {
      const set = 'email' in change ? { email: change.email, emailVerified: false } : { phoneNumber: null, phoneNumberVerified: null };
      await db.update(user).set({ ...set, updatedAt: new Date() }).where(eq(user.id, userId));
    },

    /** The account's single sign-on identities (decision 068): the platform's provider (`oidc`) and businesses' (`sso:<id>`). */
    async ssoIdentities(userId: string): Promise<{ id: string; providerId: string; createdAt: Date }[]> {
      return db
        .select({ id: account.id, providerId: account.providerId, createdAt: account.createdAt })
        .from(account)
        .where(and(eq(account.userId, userId), or(eq(account.providerId, 'oidc'), like(account.providerId, 'sso:%'))))
        .orderBy(account.createdAt, account.id);
    },

    async removeSsoIdentity(userId: string, accountId: string): Promise<void> {
      await db.delete(account).where(and(eq(account.userId, userId), eq(account.id, accountId), or(eq(account.providerId, 'oidc'), like(account.providerId, 'sso:%'))));
    },

    /** A pending address change: the link's token is kept only as its hash. */
    async saveEmailChange(input: { userId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(verification).values({
        identifier: emailChangeIdentifier(input.tokenHash),
        value: JSON.stringify({ userId: input.userId, email: input.email }),
        expiresAt: input.expiresAt,
      });
    },

    /**
     * Uses the link once: the pending change is deleted and the address applied (verified) in one
     * transaction. Null for an unknown, used or expired link. Throws IdentityTaken when another
     * account has the address by now.
     */
    async applyEmailChange(tokenHash: string): Promise<{ userId: string; email: string } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [pending] = await tx
            .delete(verification)
            .where(and(eq(verification.identifier, emailChangeIdentifier(tokenHash)), gt(verification.expiresAt, new Date())))
            .returning({ value: verification.value });
          if (!pending) return null;
          const change = JSON.parse(pending.value) as { userId: string; email: string };
          const updated = await tx
            .update(user)
            .set({ email: change.email, emailVerified: true, updatedAt: new Date() })
            .where(eq(user.id, change.userId))
            .returning({ id: user.id });
          return updated.length > 0 ? change : null;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdentityTaken();
        throw error;
      }
    },
  };
}
