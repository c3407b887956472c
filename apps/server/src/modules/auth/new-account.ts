import { defaultBusinessName } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { startingSetup } from '../industry-templates/starting-setup.ts';
import { accountsRepository } from './accounts.repository.ts';

/**
 * A new account's business, profile and settings, as a sign-up makes them (retail template), for
 * accounts made without the sign-up form: a provider or wallet sign-in, an admin's create or invite.
 * If this fails the account is removed again, so nothing half-made stays.
 */
export async function provisionNewAccount(services: Services, userId: string, fullName: string | null): Promise<string> {
  const accounts = accountsRepository(services.database.db);
  try {
    const { businessId } = await accounts.createBusinessWithProfile({
      userId,
      businessName: defaultBusinessName({ business_name: null, full_name: fullName }),
      profileBusinessName: null,
      fullName,
      industry: 'retail',
    });
    await ensureBusinessSettings(services.database, { businessId, userId }, await startingSetup(services.database.db, businessId, 'retail', false));
    return businessId;
  } catch (error) {
    await accounts.deleteUser(userId).catch(() => undefined);
    throw error;
  }
}
