import { defaultBusinessName, defaultEnabledFeatures, type EnabledFeatures } from '@till/core';
import type { Tx } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { businessRepository } from './business.repository.ts';
import { toSettingsView, type BusinessSettingsView } from './settings-view.ts';

/**
 * SPEC §4: after sign-in, with a profile and no settings, default settings are created: the
 * profile's business name, else its full name, else "My Business"; SPEC §9 defaults with the
 * first-time offs. Idempotent.
 *
 * At sign-up the industry template's features replace those defaults, and `starter` puts its
 * categories and products in, in the same transaction (issue 20 item 2).
 */
export async function ensureBusinessSettings(
  database: Database,
  input: { businessId: string; userId: string },
  setup?: { enabledFeatures: EnabledFeatures; starter: (tx: Tx) => Promise<void> },
): Promise<BusinessSettingsView> {
  return database.withTenant(input.businessId, async (tx) => {
    const existing = await businessRepository.findSettings(tx, input.businessId);
    if (existing) return toSettingsView(existing);
    const profile = await businessRepository.findProfileOfUser(tx, input.userId);
    await businessRepository.insertSettingsIfMissing(tx, {
      businessId: input.businessId,
      userId: input.userId,
      businessName: defaultBusinessName(profile ? { business_name: profile.businessName, full_name: profile.fullName } : null),
      authenticationEnabled: true,
      hasBusinessOwner: false,
      enabledFeatures: setup?.enabledFeatures ?? defaultEnabledFeatures({ firstTimeSetup: true }),
    });
    if (setup) await setup.starter(tx);
    const created = await businessRepository.findSettings(tx, input.businessId);
    if (!created) throw new Error('business settings missing after insert');
    return toSettingsView(created);
  });
}
