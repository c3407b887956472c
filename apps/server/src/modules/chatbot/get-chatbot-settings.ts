import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { toChatbotSettingsView, type ChatbotSettingsView } from './chatbot-settings-view.ts';

/** SPEC §7 "chatbot_settings: select by name default"; SPEC §8: a missing row means defaults, so it is created with them. */
export async function getChatbotSettings(database: Database, businessId: string): Promise<ChatbotSettingsView> {
  return database.withTenant(businessId, async (tx) => toChatbotSettingsView(await chatbotRepository.ensureSettings(tx, businessId)));
}
