import { defaultBusinessName, type Industry } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { conflict } from '../../lib/app-error.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { accountsRepository } from './accounts.repository.ts';
import { betterAuthCode } from './better-auth-errors.ts';
import { assertStrongPassword, placeholderEmailForPhone, readCredentials } from './credentials.ts';

export interface SignUpInput {
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  businessName?: string | undefined;
  fullName?: string | undefined;
  industry?: Industry | undefined;
}

const alreadyRegistered = () => conflict('identity_already_exists', 'An account with this email or phone number already exists');

/**
 * Creates the account (better-auth), its business and profile, and signs it in. SPEC §4's
 * default settings follow at once, as after any sign-in. If provisioning fails the account is
 * removed again, so a retry starts clean.
 */
export async function signUp(services: Services, input: SignUpInput, requestHeaders: Headers) {
  const { identifier, password } = readCredentials(input);
  assertStrongPassword(password);
  const accounts = accountsRepository(services.database.db);
  const existing =
    identifier.kind === 'email'
      ? await accounts.findUserIdByEmail(identifier.email)
      : await accounts.findUserIdByPhone(identifier.phone);
  if (existing) throw alreadyRegistered();

  const fullName = input.fullName?.trim() || null;
  const profileBusinessName = input.businessName?.trim() || null;
  const email = identifier.kind === 'email' ? identifier.email : placeholderEmailForPhone(identifier.phone);

  let result;
  try {
    result = await services.auth.api.signUpEmail({
      body: { email, password, name: fullName ?? profileBusinessName ?? email },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    const code = betterAuthCode(error);
    if (code && /ALREADY_EXISTS/.test(code)) throw alreadyRegistered();
    throw error;
  }
  const userId = result.response.user.id;
  let businessId: string;
  try {
    if (identifier.kind === 'phone') await accounts.setPhoneNumber(userId, identifier.phone);
    ({ businessId } = await accounts.createBusinessWithProfile({
      userId,
      businessName: defaultBusinessName({ business_name: profileBusinessName, full_name: fullName }),
      profileBusinessName,
      fullName,
      industry: input.industry ?? 'retail',
    }));
    await ensureBusinessSettings(services.database, { businessId, userId });
    if (identifier.kind === 'email' && services.config.superAdminEmails.includes(identifier.email)) {
      await accounts.grantSuperAdminByEmail([identifier.email]);
    }
  } catch (error) {
    await accounts.deleteUser(userId).catch(() => undefined);
    throw error;
  }
  return {
    headers: result.headers,
    user: {
      id: userId,
      email: identifier.kind === 'email' ? identifier.email : null,
      phoneNumber: identifier.kind === 'phone' ? identifier.phone : null,
      name: result.response.user.name,
    },
    businessId,
  };
}
