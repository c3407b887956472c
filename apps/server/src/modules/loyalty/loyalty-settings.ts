import { DEFAULT_LOYALTY_SETTINGS, loyaltySettingsOnWire, type LoyaltySettings } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { loyaltyRepository as repo } from './loyalty.repository.ts';

/** The business's loyalty rules (decision 064): the stored ones, else core's defaults. */
export const settingsOrDefault = (stored: LoyaltySettings | null | undefined): LoyaltySettings => stored ?? DEFAULT_LOYALTY_SETTINGS;

/** The rules as the wire names them (decision 070); business_settings.loyalty keeps TypeScript's casing. */
export type LoyaltySettingsView = { settings: ReturnType<typeof loyaltySettingsOnWire>; currency: string };

export async function getLoyaltySettings(database: Database, businessId: string): Promise<LoyaltySettingsView> {
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.settings(tx, businessId);
    return { settings: loyaltySettingsOnWire(settingsOrDefault(row?.loyalty)), currency: row?.currency ?? 'USD' };
  });
}

/** Replaces the rules (SPEC §6 can_change_settings); audited, as every settings change is. */
export async function updateLoyaltySettings(
  database: Database,
  tenant: TenantContext,
  input: LoyaltySettings,
): Promise<LoyaltySettingsView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const settings: LoyaltySettings = {
      spendPerPoint: input.spendPerPoint,
      pointValue: input.pointValue,
      tiers: input.tiers.map((tier) => ({ name: tier.name, minSpend: tier.minSpend, multiplierBasisPoints: tier.multiplierBasisPoints })),
    };
    await repo.saveSettings(tx, tenant.businessId, settings);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'loyalty.settings_changed',
      details: { ...settings },
    });
    const row = await repo.settings(tx, tenant.businessId);
    return { settings: loyaltySettingsOnWire(settings), currency: row?.currency ?? 'USD' };
  });
}
