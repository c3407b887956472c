import { createHash, createHmac } from 'node:crypto';
import type { SignOutScope } from '@till/core';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { accountsRepository } from './accounts.repository.ts';
import { signAccessToken, verifyAccessToken } from './access-tokens.ts';
import { adminUsersRepository } from './admin-users.repository.ts';
import { SESSION_COOKIE_NAME, userBanned } from './auth.ts';
import { publicEmail } from './credentials.ts';
import { signIn } from './sign-in.ts';
import { base64UrlSha256, randomToken, verifyIdToken } from './sso-provider.ts';
import { tokensRepository } from './tokens.repository.ts';
import { readAssurance } from './two-factor.ts';
import { providerOf, signInWithIdentity, takeAuthCode } from './sso.ts';
import { accountOfWallet, verifyWeb3Message } from './web3.ts';

/** How long a session made by a token grant lives (as better-auth's own sessions). */
const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export const GRANT_TYPES = ['password', 'pkce', 'refresh_token', 'id_token', 'web3'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface TokenGrantInput {
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  auth_code?: string | undefined;
  code_verifier?: string | undefined;
  refresh_token?: string | undefined;
  provider?: string | undefined;
  id_token?: string | undefined;
  nonce?: string | undefined;
  chain?: 'ethereum' | undefined;
  message?: string | undefined;
  signature?: `0x${string}` | undefined;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: { id: string; email: string | null; phoneNumber: string | null; name: string };
  secondStep: 'challenge' | 'enroll' | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const refreshTokenNotFound = () => new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

function required(value: string | undefined, field: string): string {
  if (!value) throw badRequest('validation_error', `${field}: required for this grant_type`);
  return value;
}

/** The signed session cookie better-auth reads (`<token>.<HMAC-SHA256, base64>`), for sessions we open. */
export function sessionCookie(services: Services, token: string, maxAgeSeconds = SESSION_TTL_SECONDS): Headers {
  const signature = createHmac('sha256', services.config.authSecret).update(token).digest('base64');
  const headers = new Headers();
  headers.append('set-cookie', `${SESSION_COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax`);
  return headers;
}

/** Opens a better-auth session for the account (SSO and id_token sign-ins have no password to give better-auth). */
export async function openSession(services: Services, userId: string, client: { ipAddress: string; userAgent: string | null }) {
  const context = await services.auth.$context;
  const created = await context.internalAdapter.createSession(userId, false, { ipAddress: client.ipAddress, userAgent: client.userAgent ?? '' });
  if (!created) throw new Error('better-auth created no session');
  const profile = await accountsRepository(services.database.db).findProfile(userId);
  if (profile) await ensureBusinessSettings(services.database, { businessId: profile.businessId, userId });
  return { sessionId: created.id as string, token: created.token as string };
}

/** A fresh access token and a new refresh token of the session's family. */
async function tokensFor(services: Services, userId: string, sessionId: string): Promise<TokenAnswer> {
  const repository = tokensRepository(services.database.db);
  const found = await repository.findUser(userId);
  if (!found) throw new AppError(401, 'session_not_found', 'Session not found');
  // New sessions of a banned account are refused by the session hook; a refresh is refused here (decision 067).
  if (await adminUsersRepository(services.database.db).isBanned(userId)) throw userBanned();
  const { currentLevel, secondStep } = await readAssurance(services, userId, sessionId);
  const access = await signAccessToken(services, { userId, sessionId, email: publicEmail(found.email), phoneNumber: found.phoneNumber ?? null, level: currentLevel });
  const refreshToken = `rt_${randomToken()}`;
  await repository.insertRefreshToken({ tokenHash: sha256(refreshToken), sessionId, userId });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: { id: found.id, email: publicEmail(found.email), phoneNumber: found.phoneNumber ?? null, name: found.name },
    secondStep,
  };
}

/**
 * SPEC §7 POST token. `password` signs in as POST sign-in does (same limits and answers);
 * `pkce` trades the code an SSO sign-in left for its verifier; `refresh_token` rotates;
 * `id_token` signs in with a provider's id_token; `web3` with a signed Sign-In with Ethereum message. The pkce grant also sets the session cookie:
 * it is how the web app finishes an SSO sign-in.
 */
export async function grantTokens(
  services: Services,
  grantType: GrantType,
  input: TokenGrantInput,
  request: { headers: Headers; clientAddress: string; userAgent: string | null; signedIn: SignedInAccount | null },
): Promise<{ answer: TokenAnswer; cookies: Headers }> {
  const repository = tokensRepository(services.database.db);
  const client = { ipAddress: request.clientAddress, userAgent: request.userAgent };
  switch (grantType) {
    case 'password': {
      const result = await signIn(services, input, request.headers, request.clientAddress);
      const cookie = result.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE_NAME}=`));
      const sessionToken = decodeURIComponent(cookie?.split(';')[0]?.split('=')[1] ?? '').split('.')[0] ?? '';
      const sessionId = await repository.findSessionIdByToken(sessionToken);
      if (!sessionId) throw new Error('sign-in made no session');
      return { answer: await tokensFor(services, result.user.id, sessionId), cookies: new Headers() };
    }
    case 'pkce': {
      const authCode = required(input.auth_code, 'auth_code');
      const verifier = required(input.code_verifier, 'code_verifier');
      const flow = await takeAuthCode(services, authCode);
      if (!flow) throw new AppError(404, 'flow_state_not_found', 'No sign-in is waiting for this code (it was used, or it expired). Start again.');
      // The code is spent either way: a wrong verifier cannot be retried against it.
      if (base64UrlSha256(verifier) !== flow.codeChallenge) throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
      const session = await openSession(services, flow.userId, client);
      return { answer: await tokensFor(services, flow.userId, session.sessionId), cookies: sessionCookie(services, session.token) };
    }
    case 'refresh_token': {
      const token = required(input.refresh_token, 'refresh_token');
      const hash = sha256(token);
      const used = await repository.useRefreshToken(hash);
      if (!used) {
        const reused = await repository.findUsedRefreshToken(hash);
        if (!reused) throw refreshTokenNotFound();
        // A used token presented again: someone holds a copy. The whole family (its session) ends.
        await repository.deleteSessions(reused.userId, { only: reused.sessionId });
        services.sessionCache.forgetSession(reused.sessionId);
        await services.realtime.barrier();
        throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used. The session was ended; sign in again.');
      }
      await repository.extendSession(used.sessionId, new Date(Date.now() + SESSION_TTL_SECONDS * 1000));
      return { answer: await tokensFor(services, used.userId, used.sessionId), cookies: new Headers() };
    }
    case 'id_token': {
      const provider = await providerOf(services, { providerId: required(input.provider, 'provider') });
      const claims = await verifyIdToken(provider, required(input.id_token, 'id_token'), input.nonce ?? null);
      const userId = await signInWithIdentity(services, provider, claims);
      const session = await openSession(services, userId, client);
      return { answer: await tokensFor(services, userId, session.sessionId), cookies: new Headers() };
    }
    case 'web3': {
      const message = required(input.message, 'message');
      const signature = required(input.signature, 'signature') as `0x${string}`;
      const address = await verifyWeb3Message(services, { message, signature });
      // Signed in already: the wallet is linked to this account (decision 067).
      const userId = await accountOfWallet(services, address, request.signedIn);
      const session = await openSession(services, userId, client);
      return { answer: await tokensFor(services, userId, session.sessionId), cookies: new Headers() };
    }
  }
}

/** The account a Bearer access token stands for (its session must still be live), or null. */
export async function readAccessToken(services: Pick<Services, 'config' | 'database'>, token: string): Promise<SignedInAccount | null> {
  const verified = await verifyAccessToken(services, token);
  if (!verified) return null;
  const found = await tokensRepository(services.database.db).findLiveSession(verified.sessionId);
  if (!found || found.userId !== verified.userId) return null;
  const { secondStep } = await readAssurance(services, found.userId, found.sessionId);
  return {
    user: { id: found.userId, email: publicEmail(found.email), name: found.name, phoneNumber: found.phoneNumber ?? null },
    sessionId: found.sessionId,
    secondStep,
    viaAccessToken: true,
  };
}

/**
 * Sign-out for a caller that sent an access token (no session cookie): the same SPEC §5 scopes,
 * by session id. Ending a session ends its refresh tokens too.
 */
export async function signOutAccessToken(services: Services, account: SignedInAccount, scope: SignOutScope): Promise<void> {
  const which = scope === 'local' ? { only: account.sessionId } : scope === 'others' ? { except: account.sessionId } : ('all' as const);
  const ended = await tokensRepository(services.database.db).deleteSessions(account.user.id, which);
  for (const sessionId of ended) services.sessionCache.forgetSession(sessionId);
  await services.realtime.barrier();
}

