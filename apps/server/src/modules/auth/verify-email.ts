import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { EMAIL_CHANGE_TOKEN_PREFIX, confirmEmailChange } from './account-user.ts';
import { accountsRepository } from './accounts.repository.ts';
import { publicEmail } from './credentials.ts';

/**
 * The link from the verification e-mail: marks the address verified, and only then grants super
 * admin when the address is one of SUPER_ADMIN_EMAILS (issue 9 item 2).
 */
export async function verifyEmail(services: Services, input: { token: string }): Promise<void> {
  // A link confirming a new address (PUT /api/auth/user) lands on the same page.
  if (input.token.startsWith(EMAIL_CHANGE_TOKEN_PREFIX)) await confirmEmailChange(services, input.token);
  else
    try {
      await services.auth.api.verifyEmail({ query: { token: input.token } });
    } catch {
      throw badRequest('invalid_token', 'This confirmation link is invalid or has expired');
    }
  // Grants only to configured addresses that are verified, so this is safe to run for any token.
  if (services.config.superAdminEmails.length > 0) await accountsRepository(services.database.db).grantSuperAdminByEmail(services.config.superAdminEmails);
}

/** Sends the verification e-mail again to the signed-in account's address (limited per address). */
export async function resendVerificationEmail(services: Services, account: SignedInAccount, clientAddress: string): Promise<void> {
  const limit = await services.signInLimits.perAddress.hit(`verify:${clientAddress}`);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many requests. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  const email = account.user.email ? publicEmail(account.user.email) : null;
  if (!email) throw badRequest('no_email', 'This account signs in with a phone number and has no e-mail address to confirm');
  try {
    await services.auth.api.sendVerificationEmail({ body: { email } });
  } catch {
    // Already verified: nothing to send, and the answer stays the same.
  }
}
