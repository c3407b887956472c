import type { UpdateChatbotSettingsInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { chatbotRepository } from './chatbot.repository.ts';
import { toChatbotSettingsView, type ChatbotSettingsView } from './chatbot-settings-view.ts';

const COLUMNS = {
  can_edit_code: 'canEditCode',
  can_edit_database: 'canEditDatabase',
  database_permissions: 'databasePermissions',
  openai_model: 'openaiModel',
  primary_color: 'primaryColor',
  secondary_color: 'secondaryColor',
  position: 'position',
  widget_theme: 'widgetTheme',
  show_branding: 'showBranding',
  auto_open: 'autoOpen',
  greeting: 'greeting',
  allowed_origins: 'allowedOrigins',
  transcript_retention_days: 'transcriptRetentionDays',
  business_address: 'businessAddress',
  opening_hours: 'openingHours',
} as const;

/** Changes the `default` chatbot settings; what the assistant may do (code, database) is audited. */
export async function updateChatbotSettings(database: Database, tenant: TenantContext, input: UpdateChatbotSettingsInput): Promise<ChatbotSettingsView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const before = await chatbotRepository.ensureSettings(tx, tenant.businessId);
    const values: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(COLUMNS)) {
      const value = (input as Record<string, unknown>)[key];
      if (value !== undefined) values[column] = value;
    }
    const row = (await chatbotRepository.updateSettings(tx, tenant.businessId, values))!;
    const powers = ['can_edit_code', 'can_edit_database', 'database_permissions'] as const;
    const changed = powers.filter((key) => input[key] !== undefined && JSON.stringify(input[key]) !== JSON.stringify(before[COLUMNS[key]]));
    if (changed.length > 0) {
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        actorUserId: tenant.userId,
        actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
        action: 'chatbot_settings.permissions_changed',
        details: Object.fromEntries(changed.map((key) => [key, { from: before[COLUMNS[key]], to: row[COLUMNS[key]] }])),
      });
    }
    return toChatbotSettingsView(row);
  });
}
