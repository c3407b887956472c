import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authChallenges, authFactors, authRecoveryCodes, businessSettings, profiles, session, sessionAssurance } from '../../db/schema/index.ts';

export type FactorRow = typeof authFactors.$inferSelect;

/** Account-level second-factor queries (decision 045): no tenant, like better-auth's own tables. */
export function twoFactorRepository(db: Db) {
  return {
    async listFactors(userId: string): Promise<FactorRow[]> {
      return db.select().from(authFactors).where(eq(authFactors.userId, userId)).orderBy(authFactors.createdAt);
    },

    async findFactor(userId: string, factorId: string): Promise<FactorRow | null> {
      const [row] = await db
        .select()
        .from(authFactors)
        .where(and(eq(authFactors.id, factorId), eq(authFactors.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** What decides whether a session is complete: its level, verified factors, the business's rule. */
    async assuranceOf(userId: string, sessionId: string) {
      const [row] = await db
        .select({
          sessionLevel: sessionAssurance.level,
          verifiedFactors: sql<number>`(select count(*)::int from ${authFactors} where ${authFactors.userId} = ${userId} and ${authFactors.status} = 'verified')`,
          required: sql<boolean>`coalesce((select ${businessSettings.requireTwoFactor} from ${profiles} join ${businessSettings} on ${businessSettings.businessId} = ${profiles.businessId} where ${profiles.userId} = ${userId} limit 1), false)`,
        })
        .from(session)
        .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, session.id))
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .limit(1);
      if (!row) return null;
      return { sessionLevel: row.sessionLevel ?? 'aal1', verifiedFactors: Number(row.verifiedFactors), required: Boolean(row.required) };
    },

    async insertFactor(input: { userId: string; friendlyName: string; secret: string }): Promise<FactorRow | null> {
      const [row] = await db
        .insert(authFactors)
        .values({ userId: input.userId, friendlyName: input.friendlyName, secret: input.secret })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async countFactors(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(authFactors).where(eq(authFactors.userId, userId));
      return Number(row?.n ?? 0);
    },

    async createChallenge(input: { factorId: string; sessionId: string; expiresAt: Date }) {
      const [row] = await db.insert(authChallenges).values(input).returning();
      return row!;
    },

    async findChallenge(challengeId: string, factorId: string) {
      const [row] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.id, challengeId), eq(authChallenges.factorId, factorId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Accepts a code for `step` once: the factor's last used step must be older (so a replayed
     * code, even from another session, is refused), the challenge unanswered. One transaction:
     * the factor becomes verified, the challenge answered and the session raised together, and
     * the first verified factor gets its recovery codes.
     */
    async acceptTotp(input: {
      factorId: string;
      challengeId: string;
      sessionId: string;
      step: number;
      recoveryCodeHashes: string[] | null;
      userId: string;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [factor] = await tx
          .update(authFactors)
          .set({ lastUsedStep: input.step, status: 'verified', updatedAt: new Date() })
          .where(
            and(
              eq(authFactors.id, input.factorId),
              sql`(${authFactors.lastUsedStep} is null or ${authFactors.lastUsedStep} < ${input.step})`,
            ),
          )
          .returning({ id: authFactors.id });
        if (!factor) throw new NotAccepted();
        const [challenge] = await tx
          .update(authChallenges)
          .set({ verifiedAt: new Date() })
          .where(and(eq(authChallenges.id, input.challengeId), isNull(authChallenges.verifiedAt), gt(authChallenges.expiresAt, new Date())))
          .returning({ id: authChallenges.id });
        if (!challenge) throw new NotAccepted();
        await raise(tx as unknown as Db, input.sessionId, 'totp');
        if (input.recoveryCodeHashes) {
          await tx.delete(authRecoveryCodes).where(eq(authRecoveryCodes.userId, input.userId));
          await tx.insert(authRecoveryCodes).values(input.recoveryCodeHashes.map((codeHash) => ({ userId: input.userId, codeHash })));
        }
        return true;
      }).catch((error: unknown) => {
        if (error instanceof NotAccepted) return false;
        throw error;
      });
    },

    /** Uses an unused recovery code and raises the session, or answers false. */
    async useRecoveryCode(input: { userId: string; codeHash: string; sessionId: string }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(authRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(authRecoveryCodes.userId, input.userId), eq(authRecoveryCodes.codeHash, input.codeHash), isNull(authRecoveryCodes.usedAt)))
          .returning({ id: authRecoveryCodes.id });
        if (!used) return false;
        await raise(tx as unknown as Db, input.sessionId, 'recovery');
        return true;
      });
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authRecoveryCodes)
        .where(and(eq(authRecoveryCodes.userId, userId), isNull(authRecoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
        await tx.insert(authRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Deletes the factor; with the last verified one, the recovery codes go too. */
    async deleteFactor(userId: string, factorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(authFactors)
          .where(and(eq(authFactors.id, factorId), eq(authFactors.userId, userId)))
          .returning({ id: authFactors.id });
        if (removed.length === 0) return false;
        const [left] = await tx
          .select({ n: count() })
          .from(authFactors)
          .where(and(eq(authFactors.userId, userId), eq(authFactors.status, 'verified')));
        if (Number(left?.n ?? 0) === 0) await tx.delete(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
        return true;
      });
    },

    async setRequireTwoFactor(businessId: string, required: boolean): Promise<void> {
      await db.update(businessSettings).set({ requireTwoFactor: required, updatedAt: new Date() }).where(eq(businessSettings.businessId, businessId));
    },

    async requireTwoFactorOf(businessId: string): Promise<boolean> {
      const [row] = await db
        .select({ required: businessSettings.requireTwoFactor })
        .from(businessSettings)
        .where(eq(businessSettings.businessId, businessId))
        .limit(1);
      return row?.required ?? false;
    },
  };
}

/** Undoes the transaction: the code or the challenge was not good (nothing changes). */
class NotAccepted extends Error {}

async function raise(db: Db, sessionId: string, method: 'totp' | 'recovery') {
  await db
    .insert(sessionAssurance)
    .values({ sessionId, method })
    .onConflictDoUpdate({ target: sessionAssurance.sessionId, set: { method, verifiedAt: new Date() } });
}
