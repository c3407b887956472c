import type { Services } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { atLeast } from '../../lib/answer-alike.ts';
import { betterAuthCode } from './better-auth-errors.ts';
import { assertStrongPassword } from './credentials.ts';

/**
 * Always answers the same, whether or not the address has an account, so the form cannot be
 * used to find out who has one. The email goes through the mailer (outbox without SMTP).
 */
export async function requestPasswordReset(
  services: Services,
  input: { email: string },
  requestHeaders: Headers,
  clientAddress: string,
) {
  const limit = await services.signInLimits.perAddress.hit(`reset:${clientAddress}`);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many reset requests. Try again later.', {
      retry_after_seconds: limit.retryAfterSeconds,
    });
  }
  // A known address costs a token and an outbox row more than an unknown one: the floor hides that.
  await atLeast(RESET_REQUEST_FLOOR_MS, () =>
    services.auth.api.requestPasswordReset({
      body: { email: input.email.trim().toLowerCase() },
      headers: requestHeaders,
    }),
  );
}

/** A reset request takes at least this long, whether the address is known or not (issue 9 item 12). */
export const RESET_REQUEST_FLOOR_MS = 250;

export async function resetPassword(services: Services, input: { token: string; newPassword: string }) {
  assertStrongPassword(input.newPassword);
  try {
    await services.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
    // The reset revoked the account's sessions; which account the token named is better-auth's secret.
    services.sessionCache.clear();
    await services.realtime.barrier();
  } catch (error) {
    const code = betterAuthCode(error);
    if (code && /TOKEN/i.test(code)) throw badRequest('invalid_token', 'This reset link is invalid or has expired');
    throw badRequest('invalid_token', 'This reset link is invalid or has expired');
  }
}
