import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { businesses, chatFeedback, chatMessages, chatSessions, chatbotSettings } from '../../db/schema/index.ts';

export type ChatbotSettingsRow = typeof chatbotSettings.$inferSelect;
export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const DEFAULT_CHATBOT_NAME = 'default';

/**
 * Queries on the chatbot tables. Tenant queries take the request's fenced transaction and
 * filter by business too. The two lookups that find the business from what a widget holds
 * (its chatbot id, its session token) run before a tenant is known, as the connecting user,
 * like the account lookups of accounts.repository.ts.
 */
export const chatbotRepository = {
  async findSettings(tx: Tx, businessId: string): Promise<ChatbotSettingsRow | null> {
    const [row] = await tx
      .select()
      .from(chatbotSettings)
      .where(and(eq(chatbotSettings.businessId, businessId), eq(chatbotSettings.name, DEFAULT_CHATBOT_NAME)))
      .limit(1);
    return row ?? null;
  },

  /** The `default` row, created with the defaults when it is missing (two callers at once get the same row). */
  async ensureSettings(tx: Tx, businessId: string): Promise<ChatbotSettingsRow> {
    await tx.insert(chatbotSettings).values({ businessId, name: DEFAULT_CHATBOT_NAME }).onConflictDoNothing();
    return (await chatbotRepository.findSettings(tx, businessId))!;
  },

  async updateSettings(tx: Tx, businessId: string, values: Partial<Omit<ChatbotSettingsRow, 'id' | 'businessId' | 'name' | 'createdAt'>>) {
    const [row] = await tx
      .update(chatbotSettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(chatbotSettings.businessId, businessId), eq(chatbotSettings.name, DEFAULT_CHATBOT_NAME)))
      .returning();
    return row ?? null;
  },

  /** Outside a tenant: the business and widget options behind a public chatbot id (SPEC §2 /chatbot-widget/{chatbotId}). */
  async findSettingsByIdUnfenced(db: Db, chatbotId: string): Promise<ChatbotSettingsRow | null> {
    const [row] = await db.select().from(chatbotSettings).where(eq(chatbotSettings.id, chatbotId)).limit(1);
    return row ?? null;
  },

  /** Outside a tenant: the session a token hash names. */
  async findSessionByTokenHashUnfenced(db: Db, tokenHash: string): Promise<ChatSessionRow | null> {
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  },

  async insertSession(tx: Tx, values: typeof chatSessions.$inferInsert): Promise<ChatSessionRow> {
    const [row] = await tx.insert(chatSessions).values(values).returning();
    return row!;
  },

  async touchSession(tx: Tx, businessId: string, sessionId: string): Promise<void> {
    await tx
      .update(chatSessions)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(chatSessions.businessId, businessId), eq(chatSessions.id, sessionId)));
  },

  async insertMessage(tx: Tx, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
    const [row] = await tx.insert(chatMessages).values(values).returning();
    return row!;
  },

  /** The latest `limit` messages of a session, oldest first. */
  async recentMessages(tx: Tx, businessId: string, sessionId: string, limit: number): Promise<ChatMessageRow[]> {
    const rows = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.sessionId, sessionId)))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  /** Visitor messages in the last minute: of this session, and of the whole business. */
  async recentUserMessageCounts(tx: Tx, businessId: string, sessionId: string): Promise<{ session: number; business: number }> {
    const [row] = await tx
      .select({
        session: sql<number>`count(*) filter (where ${chatMessages.sessionId} = ${sessionId})::int`,
        business: sql<number>`count(*)::int`,
      })
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.role, 'user'), sql`${chatMessages.createdAt} > now() - interval '1 minute'`));
    return { session: Number(row?.session ?? 0), business: Number(row?.business ?? 0) };
  },

  async listMessages(tx: Tx, businessId: string, sessionId: string): Promise<ChatMessageRow[]> {
    return tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.sessionId, sessionId)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  },

  async insertFeedback(tx: Tx, values: typeof chatFeedback.$inferInsert) {
    const [row] = await tx
      .insert(chatFeedback)
      .values(values)
      .onConflictDoUpdate({ target: chatFeedback.messageId, set: { rating: values.rating, comment: values.comment ?? null } })
      .returning();
    return row!;
  },

  async businessName(tx: Tx, businessId: string): Promise<{ name: string; currency: string } | null> {
    const [row] = await tx.select({ name: businesses.name, currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },
};
