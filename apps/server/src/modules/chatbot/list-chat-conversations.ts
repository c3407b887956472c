import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { chatbotRepository } from './chatbot.repository.ts';

type ConversationRow = Awaited<ReturnType<typeof chatbotRepository.listConversations>>[number];

const summary = (row: ConversationRow) => ({
  id: row.id,
  started_at: row.startedAt.toISOString(),
  last_active_at: row.lastActiveAt.toISOString(),
  questions: Number(row.questions),
  first_question: row.firstQuestion,
  helpful: Number(row.helpful),
  unhelpful: Number(row.unhelpful),
  unanswered: Number(row.unanswered),
});

const encodeCursor = (row: ConversationRow) => Buffer.from(JSON.stringify([row.lastActiveAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { lastActiveAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const lastActiveAt = new Date(at);
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(lastActiveAt.getTime())) throw new Error('bad cursor');
    return { lastActiveAt, id };
  } catch {
    throw badRequest('invalid_cursor', 'The page cursor is not one this list gave out.');
  }
}

/** The customer widget's conversations (transcripts kept for the retention the owner set), newest activity first. */
export async function listChatConversations(database: Database, businessId: string, query: { cursor?: string | undefined; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  return database.withTenant(businessId, async (tx) => {
    const rows = await chatbotRepository.listConversations(tx, businessId, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { conversations: page.map(summary), next_cursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
  });
}

/** One conversation's transcript with the visitor's ratings and the answers marked unanswered. */
export async function getChatTranscript(database: Database, businessId: string, conversationId: string) {
  return database.withTenant(businessId, async (tx) => {
    const session = await chatbotRepository.findCustomerSession(tx, businessId, conversationId);
    if (!session) throw notFound('conversation_not_found', 'There is no such conversation (it may have passed its retention).');
    const messages = await chatbotRepository.listMessages(tx, businessId, session.id);
    const feedback = new Map((await chatbotRepository.feedbackFor(tx, businessId, messages.map((message) => message.id))).map((row) => [row.messageId, row]));
    const questions = messages.filter((message) => message.role === 'user');
    return {
      conversation: {
        id: session.id,
        started_at: session.createdAt.toISOString(),
        last_active_at: session.lastActiveAt.toISOString(),
        questions: questions.length,
        first_question: questions[0]?.content ?? null,
        helpful: [...feedback.values()].filter((row) => row.rating === 'up').length,
        unhelpful: [...feedback.values()].filter((row) => row.rating === 'down').length,
        unanswered: messages.filter((message) => message.unanswered).length,
      },
      messages: messages.map((message) => ({
        id: message.id,
        role: message.role,
        content: message.content,
        created_at: message.createdAt.toISOString(),
        unanswered: message.unanswered,
        rating: feedback.get(message.id)?.rating ?? null,
        comment: feedback.get(message.id)?.comment ?? null,
      })),
    };
  });
}
