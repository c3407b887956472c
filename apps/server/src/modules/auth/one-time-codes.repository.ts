import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user, verification } from '../../db/schema/index.ts';

/** better-auth's verification table keeps the pending codes and links, under identifiers of our own (decision 062). */
export const codeIdentifier = (channel: 'email' | 'phone', recipient: string) => `otp:${channel}:${recipient}`;
const linkIdentifier = (tokenHash: string) => `magic-link:${tokenHash}`;

/** What a pending code row holds: whose it is and the code's keyed hash (never the code). */
export interface PendingCode {
  userId: string;
  codeHash: string;
}

/** One-time codes and magic links: saved hashed, used once (delete … returning), expired by time. */
export function oneTimeCodesRepository(db: Db) {
  return {
    async findUserById(userId: string) {
      const [row] = await db
        .select({ id: user.id, name: user.name, email: user.email, phoneNumber: user.phoneNumber })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row ?? null;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      return row ?? null;
    },

    async findUserByPhone(phone: string) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone)).limit(1);
      return row ?? null;
    },

    /**
     * A new code (and, for an e-mail, its link) replaces whatever the recipient was sent before:
     * only the latest message works.
     */
    async savePending(input: { identifier: string; code: PendingCode; linkHash: string | null; expiresAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(eq(verification.identifier, input.identifier));
        await tx.delete(verification).where(and(like(verification.identifier, 'magic-link:%'), eq(verification.value, input.identifier)));
        await tx.insert(verification).values({ identifier: input.identifier, value: JSON.stringify(input.code), expiresAt: input.expiresAt });
        if (input.linkHash) {
          await tx.insert(verification).values({ identifier: linkIdentifier(input.linkHash), value: input.identifier, expiresAt: input.expiresAt });
        }
      });
    },

    /** The recipient's pending code, expired or not (the caller tells an expired code from a wrong one). */
    async findPending(identifier: string): Promise<{ id: string; code: PendingCode; expiresAt: Date } | null> {
      const [row] = await db
        .select({ id: verification.id, value: verification.value, expiresAt: verification.expiresAt })
        .from(verification)
        .where(eq(verification.identifier, identifier))
        .limit(1);
      return row ? { id: row.id, code: JSON.parse(row.value) as PendingCode, expiresAt: row.expiresAt } : null;
    },

    /** Uses the code row `id` once; false when another request used it first. Its link goes with it. */
    async consumeCode(id: string, identifier: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx.delete(verification).where(eq(verification.id, id)).returning({ id: verification.id });
        if (used.length === 0) return false;
        await tx.delete(verification).where(and(like(verification.identifier, 'magic-link:%'), eq(verification.value, identifier)));
        return true;
      });
    },

    /**
     * Uses a magic link once: the link row and its message's code row are deleted together. Null
     * for an unknown or used link; `expired` for one past its time (deleted as well).
     */
    async consumeLink(tokenHash: string): Promise<{ userId: string; expired: boolean } | null> {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .delete(verification)
          .where(eq(verification.identifier, linkIdentifier(tokenHash)))
          .returning({ value: verification.value, expiresAt: verification.expiresAt });
        if (!link) return null;
        const [code] = await tx
          .delete(verification)
          .where(inArray(verification.identifier, [link.value]))
          .returning({ value: verification.value });
        if (!code) return null;
        return { userId: (JSON.parse(code.value) as PendingCode).userId, expired: link.expiresAt.getTime() <= Date.now() };
      });
    },
  };
}
