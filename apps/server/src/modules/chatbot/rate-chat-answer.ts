import type { RateChatAnswerInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { resolveChatSession } from './resolve-chat-session.ts';

/**
 * A visitor's thumbs up or down on an answer of their own conversation (Chatbot Insights). The
 * session token decides the business and the conversation; an answer of another conversation
 * is "not found". Rating again replaces the first rating.
 */
export async function rateChatAnswer(database: Database, input: RateChatAnswerInput & { accountUserId: string | null }) {
  const session = await resolveChatSession(database, input.sessionToken, input.accountUserId);
  return database.withTenant(session.businessId, async (tx) => {
    const message = await chatbotRepository.findAssistantMessage(tx, session.businessId, session.sessionId, input.message_id);
    if (!message) throw notFound('message_not_found', 'There is no such answer in this conversation.');
    const feedback = await chatbotRepository.insertFeedback(tx, {
      businessId: session.businessId,
      messageId: message.id,
      rating: input.rating,
      comment: input.comment?.trim() || null,
    });
    return { message_id: feedback.messageId, rating: feedback.rating };
  });
}
