import type { Services } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { accountsRepository } from './accounts.repository.ts';
import { publicEmail, readCredentials } from './credentials.ts';
import { secondStepAfterSignIn } from './two-factor.ts';

export interface SignInInput {
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
}

// A wrong password and an unknown account answer with the same status, code and text.
const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid login credentials');

function tooManyAttempts(retryAfterSeconds: number) {
  return new AppError(429, 'rate_limited', 'Too many sign-in attempts. Try again later.', { retry_after_seconds: retryAfterSeconds });
}

/**
 * Rate limited per client address, and per account *from that address*, before any password is
 * checked: someone guessing a password locks the account only where they guess from, and the
 * owner at the counter still signs in (issue 9 item 8). Then, as SPEC §4 asks, a profile without
 * settings gets its default settings.
 */
export async function signIn(services: Services, input: SignInInput, requestHeaders: Headers, clientAddress: string) {
  const { identifier, password } = readCredentials(input);
  const accountKey = identifier.kind === 'email' ? `email:${identifier.email}` : `phone:${identifier.phone}`;
  const [byAddress, byAccount] = await Promise.all([
    services.signInLimits.perAddress.hit(clientAddress),
    services.signInLimits.perAccount.hit(`${accountKey}@${clientAddress}`),
  ]);
  if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfterSeconds);
  if (!byAccount.allowed) throw tooManyAttempts(byAccount.retryAfterSeconds);

  let result;
  try {
    result =
      identifier.kind === 'email'
        ? await services.auth.api.signInEmail({
            body: { email: identifier.email, password, rememberMe: true },
            headers: requestHeaders,
            returnHeaders: true,
          })
        : await services.auth.api.signInPhoneNumber({
            body: { phoneNumber: identifier.phone, password, rememberMe: true },
            headers: requestHeaders,
            returnHeaders: true,
          });
  } catch (error) {
    // A banned account (the session hook, decision 067) is told so only once the password was right.
    if (error instanceof AppError) throw error;
    throw invalidCredentials();
  }
  const user = result.response.user as { id: string; email: string; name: string; phoneNumber?: string | null };
  const accounts = accountsRepository(services.database.db);
  const profile = await accounts.findProfile(user.id);
  if (profile) await ensureBusinessSettings(services.database, { businessId: profile.businessId, userId: user.id });
  return {
    headers: result.headers,
    // With a verified factor (or a business rule requiring one) the session is not complete yet.
    secondStep: await secondStepAfterSignIn(services, user.id),
    user: { id: user.id, email: publicEmail(user.email), phoneNumber: user.phoneNumber ?? null, name: user.name },
  };
}
