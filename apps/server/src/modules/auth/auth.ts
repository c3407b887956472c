import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { phoneNumber } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@till/core';
import type { Db } from '../../db/client.ts';
import { account, session, user, verification } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { adminUsersRepository } from './admin-users.repository.ts';
import { publicEmail } from './credentials.ts';
import { sessionIssuer } from './session-issuer.ts';

export const SESSION_COOKIE_NAME = 'better-auth.session_token';
const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** An e-mail verification link works this long. */
export const VERIFY_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * better-auth is only called through `auth.api.*` from our own routes (its handler is not
 * mounted), so every auth endpoint goes through our validation, rate limits, SPEC error codes
 * and the declared-access route table.
 */
export function createAuth(options: { db: Db; secret: string; baseURL: string; mailer: Mailer }) {
  return betterAuth({
    appName: 'Till',
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(options.db, { provider: 'pg', schema: { user, session, account, verification } }),
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic, not warnings; real failures still log.
    logger: { level: 'error' },
    // Our routes apply their own per-account and per-address limits (better-auth keys by IP only).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      // The Secure flag is added per request by our cookie forwarding, which knows whether the
      // request came over HTTPS (directly or through a trusted proxy).
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Every way of signing in ends in a new session here (password, code, link, SSO, token grants,
    // wallet): the one place a ban is enforced and the last sign-in noted (decision 067).
    databaseHooks: {
      session: {
        create: {
          before: async (created) => {
            if (await adminUsersRepository(options.db).isBanned(created.userId)) throw userBanned();
          },
          after: async (created) => {
            await adminUsersRepository(options.db).markSignedIn(created.userId);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link points at our web page, never at a caller-supplied address.
      sendResetPassword: async ({ user: account, token }) => {
        const url = `${options.baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        // Queued, not sent while the request waits: the answer's time must not tell a known address (decision 016).
        await options.mailer.enqueue({
          channel: 'email',
          recipient: account.email,
          subject: 'Reset your Till password',
          body: `Someone asked to reset the password of your Till account.\n\nOpen this link within an hour to choose a new password:\n${url}\n\nIf it was not you, ignore this email; your password stays the same.`,
        });
      },
    },
    // Verification proves the address belongs to the person (issue 9 item 2: super admin is granted
    // to a configured address only once it is verified). Sent on sign-up and on request.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user: account, token }) => {
        // Phone-only accounts hold a placeholder address that can receive nothing.
        if (!publicEmail(account.email)) return;
        const url = `${options.baseURL}/signup-thank-you?verify=${encodeURIComponent(token)}`;
        await options.mailer.enqueue({
          channel: 'email',
          recipient: account.email,
          subject: 'Confirm your e-mail address for Till',
          body: `Open this link within 24 hours to confirm that this address is yours:\n${url}\n\nIf you did not create a Till account, ignore this email.`,
        });
      },
    },
    plugins: [
      phoneNumber({
        sendOTP: async ({ phoneNumber: recipient, code }) => {
          await options.mailer.send({ channel: 'sms', recipient, subject: 'Till code', body: `Your Till code is ${code}` });
        },
      }),
      sessionIssuer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A banned account cannot sign in in any way (decision 067); the answer follows the backend-as-a-service's. */
export const userBanned = () => new AppError(400, 'user_banned', 'User is banned');
