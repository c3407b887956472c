import { randomUUID } from 'node:crypto';
import { defaultBusinessName, type Industry } from '@till/core';
import { hashPassword } from 'better-auth/crypto';
import type { Services } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { atLeast } from '../../lib/answer-alike.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { startingSetup } from '../industry-templates/starting-setup.ts';
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
  currency?: string | undefined;
  timeZone?: string | undefined;
  /** Skip the industry template's starter categories and products, and start with SPEC §9's features. */
  startEmpty?: boolean | undefined;
}

/** A sign-up takes at least this long, whether the address was new or known (issue 9 item 12). */
export const SIGN_UP_FLOOR_MS = 600;

/**
 * Creates the account (better-auth), its business and profile, and signs it in. SPEC §4's
 * default settings follow at once, as after any sign-in. If provisioning fails the account is
 * removed again, so a retry starts clean.
 *
 * An address that already has an account gets the same status and body, in about the same time
 * (the password is hashed all the same, a notice is sent to the address, and both answers wait
 * for SIGN_UP_FLOOR_MS), so the form cannot be used to find out who has an account; the owner
 * of the address learns of the attempt by email. Limited per client address (decision 016).
 */
export async function signUp(services: Services, input: SignUpInput, requestHeaders: Headers, clientAddress: string) {
  const { identifier, password } = readCredentials(input);
  assertStrongPassword(password);
  const limit = await services.messageLimits.signUpsPerAddress.hit(clientAddress);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many sign-ups from this address. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  return atLeast(SIGN_UP_FLOOR_MS, () => createAccount(services, input, identifier, password, requestHeaders));
}

async function createAccount(
  services: Services,
  input: SignUpInput,
  identifier: ReturnType<typeof readCredentials>['identifier'],
  password: string,
  requestHeaders: Headers,
) {
  const accounts = accountsRepository(services.database.db);
  const existing =
    identifier.kind === 'email'
      ? await accounts.findUserIdByEmail(identifier.email)
      : await accounts.findUserIdByPhone(identifier.phone);
  if (existing) return answerKnownAddress(services, input, identifier, password);

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
    // Two sign-ups with one address at once: the second is told no more than the first.
    if (code && /ALREADY_EXISTS/.test(code)) return answerKnownAddress(services, input, identifier, password);
    throw error;
  }
  const userId = result.response.user.id;
  let businessId: string;
  const industry = input.industry ?? 'retail';
  try {
    if (identifier.kind === 'phone') await accounts.setPhoneNumber(userId, identifier.phone);
    ({ businessId } = await accounts.createBusinessWithProfile({
      userId,
      businessName: defaultBusinessName({ business_name: profileBusinessName, full_name: fullName }),
      profileBusinessName,
      fullName,
      industry,
      currency: input.currency,
      timeZone: input.timeZone,
    }));
    await ensureBusinessSettings(services.database, { businessId, userId }, await startingSetup(services.database.db, businessId, industry, input.startEmpty ?? false));
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

/**
 * The answer for an address that already has an account: what a new account's answer holds
 * (the typed address and name, an id that names no account), no session, and a notice to the
 * address. The password is hashed as for a new account so that the work, hence the time, is alike.
 */
async function answerKnownAddress(
  services: Services,
  input: SignUpInput,
  identifier: ReturnType<typeof readCredentials>['identifier'],
  password: string,
) {
  await hashPassword(password);
  const address = identifier.kind === 'email' ? identifier.email : identifier.phone;
  await services.mailer.send({
    channel: identifier.kind === 'email' ? 'email' : 'sms',
    recipient: address,
    subject: 'Someone tried to sign up with your address',
    body:
      'Someone tried to create a Till account with this address, which already has one. No new account was made.\n\n' +
      'If it was you, sign in instead, or reset your password if you forgot it. If it was not you, you need not do anything.',
  });
  const fullName = input.fullName?.trim() || null;
  const profileBusinessName = input.businessName?.trim() || null;
  const email = identifier.kind === 'email' ? identifier.email : placeholderEmailForPhone(identifier.phone);
  return {
    headers: new Headers(),
    user: {
      id: randomUUID(),
      email: identifier.kind === 'email' ? identifier.email : null,
      phoneNumber: identifier.kind === 'phone' ? identifier.phone : null,
      name: fullName ?? profileBusinessName ?? email,
    },
    businessId: null,
  };
}
