import type { WidgetOptions } from '@till/core';
import type { ChatbotSettingsRow } from './chatbot.repository.ts';

/** SPEC §3 chatbot_settings with SPEC §2's widget options, as the wire shows them (snake_case). */
export function toChatbotSettingsView(row: ChatbotSettingsRow) {
  return {
    id: row.id,
    name: row.name,
    can_edit_code: row.canEditCode,
    can_edit_database: row.canEditDatabase,
    database_permissions: row.databasePermissions,
    openai_model: row.openaiModel,
    ...toWidgetOptions(row),
    allowed_origins: row.allowedOrigins,
    transcript_retention_days: row.transcriptRetentionDays,
    business_address: row.businessAddress,
    opening_hours: row.openingHours,
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ChatbotSettingsView = ReturnType<typeof toChatbotSettingsView>;

export function toWidgetOptions(row: ChatbotSettingsRow): WidgetOptions {
  return {
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    position: row.position,
    widget_theme: row.widgetTheme,
    show_branding: row.showBranding,
    auto_open: row.autoOpen,
    greeting: row.greeting,
  };
}
