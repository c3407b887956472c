import { createHash } from 'node:crypto';
import type { SsoConfig } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { provisionNewAccount } from './new-account.ts';
import { authorizationUrl, exchangeCode, randomToken, verifyIdToken, type IdentityClaims } from './sso-provider.ts';
import { tokensRepository } from './tokens.repository.ts';

/** The provider's sign-in page must come back within this time. */
const FLOW_TTL_MS = 10 * 60_000;
/** The web app trades the code for a session at once; it is good for this long. */
const AUTH_CODE_TTL_MS = 5 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const stateMark = (state: string) => `sso-state:${sha256(state)}`;
const codeMark = (code: string) => `sso-code:${sha256(code)}`;

interface FlowState {
  providerId: string;
  nonce: string;
  providerVerifier: string;
  codeChallenge: string;
  redirectTo: string;
}

/** SSO failures the callback reports to the web page (a redirect carries the code, not a JSON body). */
export class SsoCallbackError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly redirectTo = '/auth',
  ) {
    super(message);
  }
}

export function ssoProviders(services: Services) {
  const provider = services.config.sso;
  return { providers: provider ? [{ id: provider.id, name: provider.name }] : [] };
}

function providerOf(services: Services, providerId: string | undefined): SsoConfig {
  const provider = services.config.sso;
  if (!provider || (providerId !== undefined && providerId !== provider.id)) throw new AppError(404, 'sso_provider_not_found', 'No such sign-in provider');
  return provider;
}

export function callbackUrl(services: Services): string {
  return `${services.config.publicUrl ?? `http://localhost:${services.config.port}`}/api/auth/sso/callback`;
}

/**
 * SPEC §7 POST sso: starts a sign-in at the provider. The caller (the web app) keeps a PKCE
 * verifier and sends its S256 challenge; we keep our own state, nonce and verifier for the
 * provider. Nothing but their SHA-256 names the flow in the database.
 */
export async function startSso(services: Services, input: { providerId?: string | undefined; codeChallenge: string; redirectTo?: string | undefined }) {
  const provider = providerOf(services, input.providerId);
  const state = randomToken();
  const flow: FlowState = {
    providerId: provider.id,
    nonce: randomToken(),
    providerVerifier: randomToken(48),
    codeChallenge: input.codeChallenge,
    redirectTo: input.redirectTo ?? '/auth',
  };
  const url = await authorizationUrl(provider, { redirectUri: callbackUrl(services), state, nonce: flow.nonce, codeVerifier: flow.providerVerifier });
  await tokensRepository(services.database.db).insertMark(stateMark(state), JSON.stringify(flow), new Date(Date.now() + FLOW_TTL_MS));
  return { url };
}

/**
 * The provider sends the browser back here. The state must name a waiting flow (it is used up);
 * the code is exchanged with our verifier, the id_token checked (signature, issuer, audience,
 * expiry, nonce), the account found or made, and a one-time code handed to the web page, which
 * trades it with its own verifier (grant_type=pkce). Returns where the browser goes next.
 */
export async function finishSso(services: Services, input: { state: string; code?: string | undefined; error?: string | undefined }): Promise<string> {
  const repository = tokensRepository(services.database.db);
  const saved = await repository.takeMark(stateMark(input.state));
  if (!saved) throw new SsoCallbackError('invalid_state', 'This sign-in link is not valid any more. Start again.');
  const flow = JSON.parse(saved) as FlowState;
  const provider = services.config.sso;
  if (!provider || provider.id !== flow.providerId) throw new SsoCallbackError('sso_provider_not_found', 'No such sign-in provider', flow.redirectTo);
  if (input.error || !input.code) throw new SsoCallbackError('sso_cancelled', 'The sign-in was cancelled at the provider.', flow.redirectTo);
  let userId: string;
  try {
    const idToken = await exchangeCode(provider, { code: input.code, redirectUri: callbackUrl(services), codeVerifier: flow.providerVerifier });
    const claims = await verifyIdToken(provider, idToken, flow.nonce);
    userId = await signInWithIdentity(services, provider, claims);
  } catch (error) {
    if (error instanceof AppError) {
      // The page shows the description: the person is told what to do, not which claim failed.
      const message = error.code === 'invalid_jwt' ? "The sign-in provider's answer could not be verified. Start again." : error.message;
      throw new SsoCallbackError(error.code, message, flow.redirectTo);
    }
    throw error;
  }
  const authCode = randomToken();
  await repository.insertMark(codeMark(authCode), JSON.stringify({ userId, codeChallenge: flow.codeChallenge }), new Date(Date.now() + AUTH_CODE_TTL_MS));
  const target = new URL(flow.redirectTo, 'http://local');
  target.searchParams.set('code', authCode);
  return `${target.pathname}${target.search}`;
}

/** The waiting sign-in an auth code names, used up as it is read. */
export async function takeAuthCode(services: Services, authCode: string): Promise<{ userId: string; codeChallenge: string } | null> {
  const saved = await tokensRepository(services.database.db).takeMark(codeMark(authCode));
  return saved ? (JSON.parse(saved) as { userId: string; codeChallenge: string }) : null;
}

/**
 * The account of a provider identity: the one already linked to its subject; else the account
 * with the same address when the provider vouches for it (email_verified) — it is linked; else a
 * new account with its own business, as a sign-up makes. An address taken by an account the
 * provider cannot vouch for is refused (SPEC §8 identity_already_exists).
 */
export async function signInWithIdentity(services: Services, provider: SsoConfig, claims: IdentityClaims): Promise<string> {
  const repository = tokensRepository(services.database.db);
  const linked = await repository.findUserIdByIdentity(provider.id, claims.subject);
  if (linked) return linked;
  if (!claims.email) throw new AppError(400, 'sso_email_missing', 'The sign-in provider did not share an e-mail address.');
  const existing = await repository.findUserByEmail(claims.email);
  if (existing) {
    if (!claims.emailVerified) throw new AppError(409, 'identity_already_exists', 'An account with this e-mail address already exists. Sign in with its password.');
    await repository.linkIdentity(existing.id, provider.id, claims.subject);
    return existing.id;
  }
  const context = await services.auth.$context;
  const created = await context.internalAdapter.createOAuthUser(
    { email: claims.email, name: claims.name ?? claims.email, emailVerified: claims.emailVerified },
    { providerId: provider.id, accountId: claims.subject },
  );
  const userId = created.user.id as string;
  await provisionNewAccount(services, userId, claims.name);
  return userId;
}
