import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, authRefreshTokens, authSigningKeys, session, user, verification } from '../../db/schema/index.ts';

export type SigningKeyRow = typeof authSigningKeys.$inferSelect;

/**
 * Signing keys, refresh tokens, the SSO flow marks and the sessions they name (decision 063).
 * Account-level: read before any tenant is known, like better-auth's own tables.
 */
export function tokensRepository(db: Db) {
  return {
    /** The keys still published: the one that signs, and those retired after `retiredSince`. */
    async publishedKeys(retiredSince: Date): Promise<SigningKeyRow[]> {
      return db
        .select()
        .from(authSigningKeys)
        .where(or(isNull(authSigningKeys.retiredAt), gt(authSigningKeys.retiredAt, retiredSince)))
        .orderBy(sql`${authSigningKeys.createdAt} desc`);
    },

    /** Adds the first signing key unless another process just did (at most one key signs). */
    async insertFirstKey(values: typeof authSigningKeys.$inferInsert): Promise<void> {
      await db.insert(authSigningKeys).values(values).onConflictDoNothing();
    },

    /** The signing key is retired (still published) and a new one signs, in one transaction. */
    async rotateKey(values: typeof authSigningKeys.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(authSigningKeys).set({ retiredAt: new Date() }).where(isNull(authSigningKeys.retiredAt));
        await tx.insert(authSigningKeys).values(values);
      });
    },

    async insertRefreshToken(values: { tokenHash: string; sessionId: string; userId: string }): Promise<void> {
      await db.insert(authRefreshTokens).values(values);
    },

    /**
     * Marks an unused refresh token of a live session used and returns it; the one statement makes
     * two refreshes with one token race to a single winner.
     */
    async useRefreshToken(tokenHash: string) {
      const [row] = await db
        .update(authRefreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authRefreshTokens.tokenHash, tokenHash),
            isNull(authRefreshTokens.usedAt),
            sql`exists (select 1 from ${session} where ${session.id} = ${authRefreshTokens.sessionId} and ${session.expiresAt} > now())`,
          ),
        )
        .returning({ sessionId: authRefreshTokens.sessionId, userId: authRefreshTokens.userId });
      return row ?? null;
    },

    /** A token that exists but was already used (the family is then revoked). */
    async findUsedRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ sessionId: authRefreshTokens.sessionId, userId: authRefreshTokens.userId })
        .from(authRefreshTokens)
        .where(and(eq(authRefreshTokens.tokenHash, tokenHash), sql`${authRefreshTokens.usedAt} is not null`))
        .limit(1);
      return row ?? null;
    },

    async findSessionIdByToken(token: string): Promise<string | null> {
      const [row] = await db.select({ id: session.id }).from(session).where(eq(session.token, token)).limit(1);
      return row?.id ?? null;
    },

    /** A refresh keeps the session (and its family) alive as long as better-auth's own sliding sessions. */
    async extendSession(sessionId: string, expiresAt: Date): Promise<void> {
      await db.update(session).set({ expiresAt, updatedAt: new Date() }).where(and(eq(session.id, sessionId), sql`${session.expiresAt} < ${expiresAt}`));
    },

    /** The live session and its user (an access token names the session by id). */
    async findLiveSession(sessionId: string) {
      const [row] = await db
        .select({ sessionId: session.id, expiresAt: session.expiresAt, userId: user.id, email: user.email, name: user.name, phoneNumber: user.phoneNumber })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())))
        .limit(1);
      return row ?? null;
    },

    async findUser(userId: string) {
      const [row] = await db.select({ id: user.id, email: user.email, name: user.name, phoneNumber: user.phoneNumber }).from(user).where(eq(user.id, userId)).limit(1);
      return row ?? null;
    },

    /** Ends sessions of the account: one, all but one, or all. Returns the ids ended. */
    async deleteSessions(userId: string, scope: { only: string } | { except: string } | 'all'): Promise<string[]> {
      const which =
        scope === 'all' ? eq(session.userId, userId) : 'only' in scope ? and(eq(session.userId, userId), eq(session.id, scope.only)) : and(eq(session.userId, userId), ne(session.id, scope.except));
      const removed = await db.delete(session).where(which).returning({ id: session.id });
      return removed.map((row) => row.id);
    },

    /** A short-lived mark in better-auth's verification table, under an identifier of ours. */
    async insertMark(identifier: string, value: string, expiresAt: Date): Promise<void> {
      await db.insert(verification).values({ identifier, value, expiresAt });
    },

    /** Takes a mark once: it is deleted as it is read, so a second use finds nothing. */
    async takeMark(identifier: string): Promise<string | null> {
      const rows = await db
        .delete(verification)
        .where(eq(verification.identifier, identifier))
        .returning({ value: verification.value, expiresAt: verification.expiresAt });
      const live = rows.find((row) => row.expiresAt > new Date());
      return live?.value ?? null;
    },

    /** The account linked to this provider's subject. */
    async findUserIdByIdentity(providerId: string, subject: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: account.userId })
        .from(account)
        .where(and(eq(account.providerId, providerId), eq(account.accountId, subject)))
        .limit(1);
      return row?.userId ?? null;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
      return row ?? null;
    },

    async linkIdentity(userId: string, providerId: string, subject: string): Promise<void> {
      await db.insert(account).values({ userId, providerId, accountId: subject });
    },
  };
}
