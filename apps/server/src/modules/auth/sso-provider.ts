import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import type { SsoConfig } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderAddressRefused, type ProviderFetch } from './provider-fetch.ts';

/**
 * The OpenID Connect client side of SSO (decision 063): discovery, the authorization URL with
 * PKCE (S256), the code exchange and the id_token check against the provider's JWKS. The
 * provider is a boundary: its answers are read as untrusted input.
 */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const DISCOVERY_CACHE_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
const discoveries = new Map<string, { document: Discovery; jwks: ReturnType<typeof createRemoteJWKSet>; loadedAt: number }>();

/**
 * A provider with the way to reach it: the platform's (environment) provider with plain `fetch`, a
 * business's own with the guarded one (decision 068). Every flow goes through these functions.
 */
export type OidcProvider = SsoConfig & { fetch: ProviderFetch };

const addressRefused = (error: ProviderAddressRefused) => new AppError(400, 'sso_issuer_not_allowed', error.message);

export const providerUnavailable = () => new AppError(502, 'sso_provider_unavailable', 'The sign-in provider did not answer as expected. Try again.');

export function base64UrlSha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The provider's discovery document and JWKS, cached 10 minutes (`fresh`: fetched again, as when an owner saves it). */
export async function discover(provider: OidcProvider, fresh = false) {
  const key = `${provider.id}|${provider.issuer}`;
  const cached = discoveries.get(key);
  if (!fresh && cached && Date.now() - cached.loadedAt < DISCOVERY_CACHE_MS) return cached;
  let document: Discovery;
  try {
    const response = await provider.fetch(`${provider.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    document = (await response.json()) as Discovery;
  } catch (error) {
    if (error instanceof ProviderAddressRefused) throw addressRefused(error);
    throw providerUnavailable();
  }
  if (typeof document !== 'object' || document === null) throw providerUnavailable();
  const fields = [document.authorization_endpoint, document.token_endpoint, document.jwks_uri];
  // The document must describe the configured issuer (OpenID Connect Discovery §4.3).
  if (typeof document.issuer !== 'string' || document.issuer.replace(/\/$/, '') !== provider.issuer || !fields.every((field) => typeof field === 'string' && URL.canParse(field))) {
    throw providerUnavailable();
  }
  const jwks = createRemoteJWKSet(new URL(document.jwks_uri), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    [customFetch]: (url, options) => provider.fetch(url, { method: options.method, headers: Object.fromEntries(new Headers(options.headers).entries()), signal: options.signal }),
  });
  const entry = { document, jwks, loadedAt: Date.now() };
  discoveries.set(key, entry);
  return entry;
}

/** Where the browser goes to sign in at the provider. */
export async function authorizationUrl(provider: OidcProvider, input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
  const { document } = await discover(provider);
  const url = new URL(document.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', input.state);
  url.searchParams.set('nonce', input.nonce);
  url.searchParams.set('code_challenge', base64UrlSha256(input.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Trades the authorization code for the provider's tokens; returns the id_token. */
export async function exchangeCode(provider: OidcProvider, input: { code: string; redirectUri: string; codeVerifier: string }): Promise<string> {
  const { document } = await discover(provider);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: provider.clientId,
    code_verifier: input.codeVerifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (provider.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`;
  }
  let answer: { id_token?: unknown };
  try {
    const response = await provider.fetch(document.token_endpoint, { method: 'POST', headers, body: body.toString(), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    answer = (await response.json()) as { id_token?: unknown };
    if (!response.ok) throw new AppError(400, 'sso_code_refused', 'The sign-in provider refused the sign-in. Start again.');
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ProviderAddressRefused) throw addressRefused(error);
    throw providerUnavailable();
  }
  if (typeof answer.id_token !== 'string') throw providerUnavailable();
  return answer.id_token;
}

export interface IdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const invalidJwt = (message: string) => new AppError(400, 'invalid_jwt', message);

/**
 * Checks an id_token: signature against the provider's JWKS, issuer, audience (our client id),
 * expiry, and the nonce when one is expected (`nonce` compared to the claim as sent, or to its
 * SHA-256 in hex as some mobile SDKs send it).
 */
export async function verifyIdToken(provider: OidcProvider, idToken: string, expectedNonce: string | null): Promise<IdentityClaims> {
  const { document, jwks } = await discover(provider);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: document.issuer,
      audience: provider.clientId,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC') throw providerUnavailable();
    throw invalidJwt(code === 'ERR_JWT_EXPIRED' ? 'The id_token has expired' : 'The id_token is not valid for this provider');
  }
  if (payload.nonce !== undefined || expectedNonce !== null) {
    const claim = typeof payload.nonce === 'string' ? payload.nonce : null;
    const hashed = expectedNonce === null ? null : createHash('sha256').update(expectedNonce).digest('hex');
    if (claim === null || expectedNonce === null || (claim !== expectedNonce && claim !== hashed)) throw invalidJwt('The id_token nonce does not match');
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) throw invalidJwt('The id_token has no subject');
  const email = typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email.toLowerCase() : null;
  const name = typeof payload.name === 'string' ? payload.name.slice(0, 200) : null;
  return { subject: payload.sub, email, emailVerified: payload.email_verified === true, name };
}
