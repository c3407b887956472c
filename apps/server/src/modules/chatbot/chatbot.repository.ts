import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { businesses, chatFeedback, chatMessages, chatSessions, chatbotSettings, platformChatbotDefaults } from '../../db/schema/index.ts';

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

  /**
   * The `default` row, created from the platform's defaults (/superadmin/chatbot) when it is
   * missing; two callers at once get the same row.
   */
  async ensureSettings(tx: Tx, businessId: string): Promise<ChatbotSettingsRow> {
    const existing = await chatbotRepository.findSettings(tx, businessId);
    if (existing) return existing;
    const [defaults] = await tx.select().from(platformChatbotDefaults).where(eq(platformChatbotDefaults.id, 1)).limit(1);
    await tx
      .insert(chatbotSettings)
      .values({
        businessId,
        name: DEFAULT_CHATBOT_NAME,
        ...(defaults
          ? {
              openaiModel: defaults.openaiModel,
              greeting: defaults.greeting,
              primaryColor: defaults.primaryColor,
              transcriptRetentionDays: defaults.transcriptRetentionDays,
              canEditCode: defaults.canEditCode,
              canEditDatabase: defaults.canEditDatabase,
            }
          : {}),
      })
      .onConflictDoNothing();
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

  /** An assistant message of this session (the visitor may rate only answers of their own conversation). */
  async findAssistantMessage(tx: Tx, businessId: string, sessionId: string, messageId: string): Promise<ChatMessageRow | null> {
    const [row] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant')))
      .limit(1);
    return row ?? null;
  },

  /** Customer-widget conversations and visitor questions per local day since `from`. */
  async conversationsByDay(tx: Tx, businessId: string, from: Date, timeZone: string) {
    const day = sql<string>`to_char((${chatMessages.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
    const rows = await tx
      .select({ date: day, conversations: sql<number>`count(distinct ${chatMessages.sessionId})::int`, questions: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(and(eq(chatMessages.businessId, businessId), eq(chatSessions.widget, 'customer'), eq(chatMessages.role, 'user'), gte(chatMessages.createdAt, from)))
      // By position: the time zone is a parameter, and a repeated expression would not match its GROUP BY.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((row) => ({ date: row.date, conversations: Number(row.conversations), questions: Number(row.questions) }));
  },

  /** Totals of the customer widget since `from`. */
  async insightTotals(tx: Tx, businessId: string, from: Date) {
    const [row] = await tx
      .select({
        conversations: sql<number>`count(distinct ${chatMessages.sessionId}) filter (where ${chatMessages.role} = 'user')::int`,
        questions: sql<number>`count(*) filter (where ${chatMessages.role} = 'user')::int`,
        unanswered: sql<number>`count(*) filter (where ${chatMessages.unanswered})::int`,
        helpful: sql<number>`count(${chatFeedback.id}) filter (where ${chatFeedback.rating} = 'up')::int`,
        unhelpful: sql<number>`count(${chatFeedback.id}) filter (where ${chatFeedback.rating} = 'down')::int`,
      })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
      .where(and(eq(chatMessages.businessId, businessId), eq(chatSessions.widget, 'customer'), gte(chatMessages.createdAt, from)));
    return {
      conversations: Number(row?.conversations ?? 0),
      questions: Number(row?.questions ?? 0),
      unanswered: Number(row?.unanswered ?? 0),
      helpful: Number(row?.helpful ?? 0),
      unhelpful: Number(row?.unhelpful ?? 0),
    };
  },

  /** Visitor questions since `from`, newest first, at most `limit` (counted into the most asked in core). */
  async recentQuestions(tx: Tx, businessId: string, from: Date, limit: number): Promise<string[]> {
    const rows = await tx
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(and(eq(chatMessages.businessId, businessId), eq(chatSessions.widget, 'customer'), eq(chatMessages.role, 'user'), gte(chatMessages.createdAt, from)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(limit);
    return rows.map((row) => row.content);
  },

  /**
   * Answers rated down, or marked unanswered, since `from` (newest first), each with the visitor
   * message just before it in its conversation.
   */
  async flaggedAnswers(tx: Tx, businessId: string, from: Date, kind: 'unhelpful' | 'unanswered', limit: number) {
    const question = sql<string | null>`(
      select q.content from chat_messages q
      where q.session_id = ${chatMessages.sessionId} and q.role = 'user'
        and (q.created_at, q.id) < (${chatMessages.createdAt}, ${chatMessages.id})
      order by q.created_at desc, q.id desc limit 1)`;
    const rows = await tx
      .select({
        messageId: chatMessages.id,
        conversationId: chatMessages.sessionId,
        answer: chatMessages.content,
        at: chatMessages.createdAt,
        question,
        comment: chatFeedback.comment,
        ratedAt: chatFeedback.createdAt,
      })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
      .where(
        and(
          eq(chatMessages.businessId, businessId),
          eq(chatSessions.widget, 'customer'),
          eq(chatMessages.role, 'assistant'),
          gte(chatMessages.createdAt, from),
          kind === 'unhelpful' ? eq(chatFeedback.rating, 'down') : eq(chatMessages.unanswered, true),
        ),
      )
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit);
    return rows;
  },

  /** Customer-widget conversations with at least one question, newest activity first; keyset paging. */
  async listConversations(tx: Tx, businessId: string, after: { lastActiveAt: Date; id: string } | null, limit: number) {
    const stats = tx
      .select({
        sessionId: chatMessages.sessionId,
        questions: sql<number>`count(*) filter (where ${chatMessages.role} = 'user')::int`.as('questions'),
        unanswered: sql<number>`count(*) filter (where ${chatMessages.unanswered})::int`.as('unanswered'),
        helpful: sql<number>`count(${chatFeedback.id}) filter (where ${chatFeedback.rating} = 'up')::int`.as('helpful'),
        unhelpful: sql<number>`count(${chatFeedback.id}) filter (where ${chatFeedback.rating} = 'down')::int`.as('unhelpful'),
        firstQuestion: sql<string | null>`(array_agg(${chatMessages.content} order by ${chatMessages.createdAt}, ${chatMessages.id}) filter (where ${chatMessages.role} = 'user'))[1]`.as(
          'first_question',
        ),
      })
      .from(chatMessages)
      .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
      .where(eq(chatMessages.businessId, businessId))
      .groupBy(chatMessages.sessionId)
      .as('stats');
    return tx
      .select({
        id: chatSessions.id,
        startedAt: chatSessions.createdAt,
        lastActiveAt: chatSessions.lastActiveAt,
        questions: stats.questions,
        unanswered: stats.unanswered,
        helpful: stats.helpful,
        unhelpful: stats.unhelpful,
        firstQuestion: stats.firstQuestion,
      })
      .from(chatSessions)
      .innerJoin(stats, eq(stats.sessionId, chatSessions.id))
      .where(
        and(
          eq(chatSessions.businessId, businessId),
          eq(chatSessions.widget, 'customer'),
          after ? or(lt(chatSessions.lastActiveAt, after.lastActiveAt), and(eq(chatSessions.lastActiveAt, after.lastActiveAt), lt(chatSessions.id, after.id))) : undefined,
        ),
      )
      .orderBy(desc(chatSessions.lastActiveAt), desc(chatSessions.id))
      .limit(limit);
  },

  /** One customer-widget conversation of this business, or null. */
  async findCustomerSession(tx: Tx, businessId: string, sessionId: string): Promise<ChatSessionRow | null> {
    const [row] = await tx
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.businessId, businessId), eq(chatSessions.id, sessionId), eq(chatSessions.widget, 'customer')))
      .limit(1);
    return row ?? null;
  },

  /** The feedback given on some messages. */
  async feedbackFor(tx: Tx, businessId: string, messageIds: string[]) {
    if (messageIds.length === 0) return [];
    return tx
      .select({ messageId: chatFeedback.messageId, rating: chatFeedback.rating, comment: chatFeedback.comment })
      .from(chatFeedback)
      .where(and(eq(chatFeedback.businessId, businessId), inArray(chatFeedback.messageId, messageIds)));
  },

  /**
   * Outside a tenant (the periodic sweep): conversations whose last message is older than their
   * business's transcript retention go, with their messages and feedback (cascade).
   */
  async deleteExpiredTranscriptsUnfenced(db: Db, now: Date): Promise<number> {
    const deleted = await db
      .delete(chatSessions)
      .where(
        sql`exists (select 1 from ${chatbotSettings} c
          where c.business_id = ${chatSessions.businessId} and c.name = ${DEFAULT_CHATBOT_NAME}
            and ${chatSessions.lastActiveAt} < ${now.toISOString()}::timestamptz - make_interval(days => c.transcript_retention_days))`,
      )
      .returning({ id: chatSessions.id });
    return deleted.length;
  },

  async businessName(tx: Tx, businessId: string): Promise<{ name: string; currency: string; timeZone: string } | null> {
    const [row] = await tx.select({ name: businesses.name, currency: businesses.currency, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },

  /** The platform's defaults row (created by the migration). */
  async platformDefaults(db: Db) {
    const [row] = await db.select().from(platformChatbotDefaults).where(eq(platformChatbotDefaults.id, 1)).limit(1);
    return row ?? null;
  },

  async savePlatformDefaults(db: Db, values: Partial<Omit<typeof platformChatbotDefaults.$inferInsert, 'id'>>) {
    const [row] = await db
      .insert(platformChatbotDefaults)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: platformChatbotDefaults.id, set: values })
      .returning();
    return row!;
  },

  /** Outside a tenant, for the super admin: every business with its chatbot settings and recent conversations. */
  async everyBusinessChatbot(db: Db, since: Date) {
    const recent = db
      .select({ businessId: chatSessions.businessId, conversations: sql<number>`count(*)::int`.as('conversations') })
      .from(chatSessions)
      .where(and(eq(chatSessions.widget, 'customer'), gte(chatSessions.createdAt, since)))
      .groupBy(chatSessions.businessId)
      .as('recent');
    return db
      .select({
        businessId: businesses.id,
        businessName: businesses.name,
        chatbotId: chatbotSettings.id,
        openaiModel: chatbotSettings.openaiModel,
        canEditCode: chatbotSettings.canEditCode,
        canEditDatabase: chatbotSettings.canEditDatabase,
        allowedOrigins: chatbotSettings.allowedOrigins,
        updatedAt: chatbotSettings.updatedAt,
        conversations: recent.conversations,
      })
      .from(businesses)
      .leftJoin(chatbotSettings, and(eq(chatbotSettings.businessId, businesses.id), eq(chatbotSettings.name, DEFAULT_CHATBOT_NAME)))
      .leftJoin(recent, eq(recent.businessId, businesses.id))
      .orderBy(asc(businesses.name), asc(businesses.id))
      .limit(500);
  },
};
