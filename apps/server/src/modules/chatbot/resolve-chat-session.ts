import { CHAT_MESSAGES } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { hashChatSessionToken } from './chat-session-token.ts';

export interface ResolvedChatSession {
  sessionId: string;
  businessId: string;
  widget: 'customer' | 'assistant';
}

export const chatSessionExpired = () => new AppError(401, 'chat_session_expired', 'The chat session has expired. Your next message starts a new session.');

/**
 * The session a token names, if it has not expired. An assistant-panel session also needs the
 * signed-in account it was started for (SPEC §5), so a copied token alone does not open it.
 */
export async function resolveChatSession(database: Database, token: string, accountUserId: string | null, now = new Date()): Promise<ResolvedChatSession> {
  const session = await chatbotRepository.findSessionByTokenHashUnfenced(database.db, hashChatSessionToken(token));
  if (!session || session.expiresAt <= now) throw chatSessionExpired();
  if (session.widget === 'assistant') {
    if (!accountUserId) throw new AppError(401, 'authentication_required', CHAT_MESSAGES.authenticationRequired);
    if (session.userId !== accountUserId) throw new AppError(403, 'assistant_access_denied', CHAT_MESSAGES.accessDenied);
  }
  return { sessionId: session.id, businessId: session.businessId, widget: session.widget };
}
