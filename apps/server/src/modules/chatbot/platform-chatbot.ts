import type { PlatformChatbotView, UpdatePlatformChatbotDefaultsInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { chatbotRepository } from './chatbot.repository.ts';

type DefaultsRow = NonNullable<Awaited<ReturnType<typeof chatbotRepository.platformDefaults>>>;

const defaultsView = (row: DefaultsRow | null): PlatformChatbotView['defaults'] => ({
  openai_model: row?.openaiModel ?? 'gpt-4o-mini',
  greeting: row?.greeting ?? 'Hi! How can I help you today?',
  primary_color: row?.primaryColor ?? '#3b82f6',
  transcript_retention_days: row?.transcriptRetentionDays ?? 30,
  can_edit_code: row?.canEditCode ?? false,
  can_edit_database: row?.canEditDatabase ?? false,
  updated_at: row?.updatedAt?.toISOString() ?? null,
});

/**
 * /superadmin/chatbot: the defaults a business's chatbot starts from, and every business's own
 * settings with its customer conversations of the last 30 days. Platform-wide, so outside any tenant.
 */
export async function getPlatformChatbot(database: Database, now = new Date()): Promise<PlatformChatbotView> {
  const defaults = await chatbotRepository.platformDefaults(database.db);
  const rows = await chatbotRepository.everyBusinessChatbot(database.db, new Date(now.getTime() - 30 * 86_400_000));
  return {
    defaults: defaultsView(defaults),
    businesses: rows.map((row) => ({
      business_id: row.businessId,
      business_name: row.businessName,
      chatbot_id: row.chatbotId,
      openai_model: row.openaiModel,
      can_edit_code: row.canEditCode ?? false,
      can_edit_database: row.canEditDatabase ?? false,
      allowed_origins: row.allowedOrigins ?? [],
      conversations_30_days: Number(row.conversations ?? 0),
      updated_at: row.updatedAt?.toISOString() ?? null,
    })),
  };
}

/** Changes the platform defaults; businesses whose chatbot exists keep their own settings. */
export async function updatePlatformChatbotDefaults(
  database: Database,
  input: UpdatePlatformChatbotDefaultsInput,
  superAdminUserId: string,
): Promise<PlatformChatbotView['defaults']> {
  const row = await chatbotRepository.savePlatformDefaults(database.db, {
    ...(input.openai_model !== undefined ? { openaiModel: input.openai_model } : {}),
    ...(input.greeting !== undefined ? { greeting: input.greeting } : {}),
    ...(input.primary_color !== undefined ? { primaryColor: input.primary_color } : {}),
    ...(input.transcript_retention_days !== undefined ? { transcriptRetentionDays: input.transcript_retention_days } : {}),
    ...(input.can_edit_code !== undefined ? { canEditCode: input.can_edit_code } : {}),
    ...(input.can_edit_database !== undefined ? { canEditDatabase: input.can_edit_database } : {}),
    updatedAt: new Date(),
    updatedBy: superAdminUserId,
  });
  return defaultsView(row);
}
