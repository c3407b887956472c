import { CHAT_MESSAGES, type StartChatSessionOutput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { chatbotRepository, type ChatbotSettingsRow } from './chatbot.repository.ts';
import { CHAT_SESSION_TTL_MS, hashChatSessionToken, newChatSessionToken } from './chat-session-token.ts';
import { toWidgetOptions } from './chatbot-settings-view.ts';

async function createSession(database: Database, businessId: string, widget: 'customer' | 'assistant', userId: string | null, settings?: ChatbotSettingsRow) {
  const token = newChatSessionToken();
  const expiresAt = new Date(Date.now() + CHAT_SESSION_TTL_MS);
  return database.withTenant(businessId, async (tx) => {
    const row = settings ?? (await chatbotRepository.ensureSettings(tx, businessId));
    await chatbotRepository.insertSession(tx, { businessId, tokenHash: hashChatSessionToken(token), widget, userId, expiresAt });
    return { session_token: token, expires_at: expiresAt.toISOString(), widget, options: toWidgetOptions(row) } satisfies StartChatSessionOutput;
  });
}

/** A visitor opens the customer widget of a chatbot (SPEC §2 /chatbot-widget/{chatbotId}). */
export async function startCustomerChatSession(database: Database, chatbotId: string): Promise<StartChatSessionOutput> {
  const settings = await chatbotRepository.findSettingsByIdUnfenced(database.db, chatbotId);
  if (!settings) throw new AppError(404, 'chatbot_not_found', 'There is no chatbot with this id');
  return createSession(database, settings.businessId, 'customer', null, settings);
}

/** SPEC §5: only the authorized account (the business owner's) may use the assistant panel. */
export async function startAssistantChatSession(database: Database, tenant: TenantContext): Promise<StartChatSessionOutput> {
  if (tenant.actor.kind !== 'owner') throw new AppError(403, 'assistant_access_denied', CHAT_MESSAGES.accessDenied);
  return createSession(database, tenant.businessId, 'assistant', tenant.userId);
}
