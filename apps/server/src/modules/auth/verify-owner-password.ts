import { verifyPassword } from 'better-auth/crypto';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { accountsRepository } from './accounts.repository.ts';

/**
 * A step-up: the business owner types their account password on a till (issue 9 item 8), e.g.
 * to let the right PIN through a business-wide lock. Guesses count against the client address
 * like sign-in's do. A wrong password is 401 `invalid_owner_password`.
 */
export async function verifyOwnerPassword(services: Services, input: { ownerUserId: string; password: string; clientAddress: string }): Promise<void> {
  const limit = await services.signInLimits.perAddress.hit(input.clientAddress);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many attempts from this address. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  const hash = await accountsRepository(services.database.db).findPasswordHash(input.ownerUserId);
  const matches = hash ? await verifyPassword({ hash, password: input.password }) : false;
  if (!matches) throw new AppError(401, 'invalid_owner_password', "That is not the owner's password.");
}
