import { type EnabledFeatures, FEATURE_NAMES, type FeatureName, INDUSTRIES, type Industry, resolveEnabledFeatures, singleLine } from '@till/core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from './business.repository.ts';
import { ensureBusinessSettings } from './ensure-business-settings.ts';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** ISO 4217, one this server's Intl knows (sign-up and settings). */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
  .refine((code) => CURRENCIES.has(code), 'is not a currency this server knows');

/** An IANA zone this server's Intl knows, or UTC (sign-up and settings). */
export const timeZoneName = z
  .string()
  .max(64)
  .refine((zone) => TIME_ZONES.has(zone), 'must be an IANA time zone such as Europe/Berlin');

export const businessSettingsPatch = z.strictObject({
  business_name: singleLine(z.string().trim().min(1).max(200)).optional(),
  industry: z.enum(INDUSTRIES).optional(),
  authentication_enabled: z.boolean().optional(),
  currency: currencyCode.optional(),
  time_zone: timeZoneName.optional(),
  enabled_features: z.partialRecord(z.enum(FEATURE_NAMES), z.boolean()).optional(),
  prices_include_tax: z.boolean().optional(),
  allow_negative_stock: z.boolean().optional(),
  /** Closing the drawer (issue 12): over/short above this (minor units) needs a manager's PIN and a note. */
  cash_variance_threshold: z.number().int('Whole minor units (cents)').min(0).max(100_000_000).optional(),
  cashiers_close_own_session: z.boolean().optional(),
});
export type BusinessSettingsPatch = z.infer<typeof businessSettingsPatch>;

export interface FullBusinessSettings {
  business_name: string;
  industry: Industry;
  authentication_enabled: boolean;
  has_business_owner: boolean;
  currency: string;
  time_zone: string;
  enabled_features: EnabledFeatures;
  prices_include_tax: boolean;
  allow_negative_stock: boolean;
  cash_variance_threshold: number;
  cashiers_close_own_session: boolean;
}

async function readFull(database: Database, tenant: TenantContext): Promise<FullBusinessSettings> {
  return database.withTenant(tenant.businessId, async (tx) => {
    // One query at a time on the transaction's one connection.
    const settings = await businessRepository.findSettings(tx, tenant.businessId);
    const business = await businessRepository.findBusiness(tx, tenant.businessId);
    const profile = await businessRepository.findProfileOfUser(tx, tenant.userId);
    if (!settings || !business) throw new Error('business settings vanished');
    return {
      business_name: settings.businessName,
      industry: profile?.industry ?? 'retail',
      authentication_enabled: settings.authenticationEnabled,
      has_business_owner: settings.hasBusinessOwner,
      currency: business.currency,
      time_zone: business.timeZone,
      enabled_features: resolveEnabledFeatures(settings.enabledFeatures),
      prices_include_tax: settings.pricesIncludeTax,
      allow_negative_stock: settings.allowNegativeStock,
      cash_variance_threshold: settings.cashVarianceThreshold,
      cashiers_close_own_session: settings.cashiersCloseOwnSession,
    };
  });
}

/** The settings page's view: business_settings plus the business's currency and time zone and the industry. */
export async function getBusinessSettings(database: Database, tenant: TenantContext): Promise<FullBusinessSettings> {
  await ensureBusinessSettings(database, { businessId: tenant.businessId, userId: tenant.userId });
  return readFull(database, tenant);
}

/** Applies a partial change in one transaction and records what changed, by whom, in the audit log. */
export async function updateBusinessSettings(
  database: Database,
  tenant: TenantContext,
  patch: BusinessSettingsPatch,
): Promise<FullBusinessSettings> {
  const before = await getBusinessSettings(database, tenant);
  await database.withTenant(tenant.businessId, async (tx) => {
    const features = patch.enabled_features
      ? { ...before.enabled_features, ...(patch.enabled_features as Partial<Record<FeatureName, boolean>>) }
      : undefined;
    await businessRepository.updateSettings(tx, tenant.businessId, {
      ...(patch.business_name !== undefined ? { businessName: patch.business_name } : {}),
      ...(patch.authentication_enabled !== undefined ? { authenticationEnabled: patch.authentication_enabled } : {}),
      ...(features ? { enabledFeatures: features } : {}),
      ...(patch.prices_include_tax !== undefined ? { pricesIncludeTax: patch.prices_include_tax } : {}),
      ...(patch.allow_negative_stock !== undefined ? { allowNegativeStock: patch.allow_negative_stock } : {}),
      ...(patch.cash_variance_threshold !== undefined ? { cashVarianceThreshold: patch.cash_variance_threshold } : {}),
      ...(patch.cashiers_close_own_session !== undefined ? { cashiersCloseOwnSession: patch.cashiers_close_own_session } : {}),
    });
    await businessRepository.updateBusiness(tx, tenant.businessId, {
      ...(patch.business_name !== undefined ? { name: patch.business_name } : {}),
      ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
      ...(patch.time_zone !== undefined ? { timeZone: patch.time_zone } : {}),
    });
    if (patch.industry) await businessRepository.updateProfileIndustry(tx, tenant.userId, patch.industry);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      action: 'business_settings.changed',
      details: { changes: patch },
    });
  });
  return readFull(database, tenant);
}
