import { createHash } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { normalizeSsoDomain, ssoProviderMaySignIn } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';
import { accountsRepository } from './accounts.repository.ts';
import { provisionNewAccount } from './new-account.ts';
import { guardedProviderFetch } from './provider-fetch.ts';
import { authorizationUrl, exchangeCode, randomToken, verifyIdToken, type IdentityClaims, type OidcProvider } from './sso-provider.ts';
import { ssoProvidersRepository } from './sso-providers.repository.ts';
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

/**
 * The platform's provider (a button each), and whether any business has its own (decision 068):
 * then the page offers "Sign in with SSO" by work e-mail. Which businesses have one is not told.
 */
export async function ssoProviders(services: Services) {
  const provider = services.config.sso;
  return {
    providers: provider ? [{ id: provider.id, name: provider.name }] : [],
    workEmail: await ssoProvidersRepository.anyProvider(services.database.db),
  };
}

/** The id a business's own provider has in the API and in the identities it makes (decision 068). */
export const businessProviderId = (id: string) => `sso:${id}`;
const BUSINESS_PROVIDER_ID = /^sso:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const providerNotFound = () => new AppError(404, 'sso_provider_not_found', 'No such sign-in provider');

/** A provider with everything a flow needs: the platform's, or a business's (its secret decrypted, its domains, the guarded fetch). */
export type SignInProvider = OidcProvider & { domains: string[] };

async function businessProvider(services: Services, row: Awaited<ReturnType<typeof ssoProvidersRepository.findById>>): Promise<SignInProvider> {
  if (!row) throw providerNotFound();
  // A secret saved under an earlier auth secret cannot be read: the provider then refuses the client.
  const clientSecret = row.clientSecret === null ? undefined : await symmetricDecrypt({ key: services.config.authSecret, data: row.clientSecret }).catch(() => undefined);
  return {
    id: businessProviderId(row.id),
    name: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret,
    businessId: row.businessId,
    domains: row.domains,
    fetch: guardedProviderFetch(services.config.businessSso.allowLoopback),
  };
}

/**
 * The provider a sign-in goes through: the platform's (`oidc`, or nothing named), a business's by
 * its id (`sso:<uuid>`), or the business's whose proven domain this is (a person typed their work
 * e-mail). Unknown: 404 sso_provider_not_found (SPEC §8 has no wording for it).
 */
export async function providerOf(services: Services, input: { providerId?: string | undefined; domain?: string | undefined }): Promise<SignInProvider> {
  const db = services.database.db;
  if (input.domain !== undefined) {
    const domain = normalizeSsoDomain(input.domain);
    const row = domain ? await ssoProvidersRepository.findByDomain(db, domain) : null;
    if (!row) throw new AppError(404, 'sso_provider_not_found', 'Single sign-on is not set up for this e-mail domain. Sign in with your password or a code instead.');
    return businessProvider(services, row);
  }
  const business = input.providerId === undefined ? null : BUSINESS_PROVIDER_ID.exec(input.providerId);
  if (business) return businessProvider(services, await ssoProvidersRepository.findById(db, business[1]!));
  const provider = services.config.sso;
  if (!provider || (input.providerId !== undefined && input.providerId !== provider.id)) throw providerNotFound();
  return { ...provider, domains: [], fetch: (url, init) => fetch(url, init) };
}

export function callbackUrl(services: Services): string {
  return `${services.config.publicUrl ?? `http://localhost:${services.config.port}`}/api/auth/sso/callback`;
}

/**
 * SPEC §7 POST sso: starts a sign-in at the provider. The caller (the web app) keeps a PKCE
 * verifier and sends its S256 challenge; we keep our own state, nonce and verifier for the
 * provider. Nothing but their SHA-256 names the flow in the database.
 */
export async function startSso(
  services: Services,
  input: { providerId?: string | undefined; domain?: string | undefined; codeChallenge: string; redirectTo?: string | undefined },
) {
  if (input.providerId !== undefined && input.domain !== undefined) throw new AppError(400, 'validation_error', 'Give provider_id or domain, not both');
  const provider = await providerOf(services, input);
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
  if (input.error || !input.code) throw new SsoCallbackError('sso_cancelled', 'The sign-in was cancelled at the provider.', flow.redirectTo);
  let userId: string;
  try {
    // The provider as it is now (a business may have removed or changed it since the flow began).
    const provider = await providerOf(services, { providerId: flow.providerId });
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
 * The account of a provider identity. The platform's provider (decision 063): the account already
 * linked to its subject; else the account with the same address when the provider vouches for it
 * (email_verified) — it is linked; else a new account with its own business, as a sign-up makes.
 *
 * A business's own provider (decision 068) is trusted for its business only: it signs in only
 * addresses of its proven domains (also for an identity linked before a domain was removed); the
 * address must be verified by the provider; an account with that address is linked only when it
 * belongs to the same business (an account elsewhere: 409 identity_already_exists, never taken
 * over); a new person gets an account that joins the business as an employee with the least role
 * (cashier, no permissions, no PIN) — the owner gives more in Employees.
 */
export async function signInWithIdentity(services: Services, provider: SignInProvider, claims: IdentityClaims): Promise<string> {
  const repository = tokensRepository(services.database.db);
  const businessId = provider.businessId;
  if (businessId !== null) {
    if (!claims.email) throw new AppError(400, 'sso_email_missing', 'The sign-in provider did not share an e-mail address.');
    if (!ssoProviderMaySignIn(provider.domains, claims.email)) {
      throw new AppError(403, 'sso_email_domain_refused', `${provider.name} may sign in addresses of ${provider.domains.join(', ') || 'no domain'} only.`);
    }
    if (!claims.emailVerified) throw new AppError(403, 'sso_email_unverified', `${provider.name} has not verified this e-mail address.`);
  }
  const linked = await repository.findUserIdByIdentity(provider.id, claims.subject);
  if (linked) return linked;
  if (!claims.email) throw new AppError(400, 'sso_email_missing', 'The sign-in provider did not share an e-mail address.');
  const existing = await repository.findUserByEmail(claims.email);
  const accounts = accountsRepository(services.database.db);
  if (existing) {
    if (!claims.emailVerified) throw new AppError(409, 'identity_already_exists', 'An account with this e-mail address already exists. Sign in with its password.');
    if (businessId !== null && (await accounts.findProfile(existing.id))?.businessId !== businessId) {
      throw new AppError(409, 'identity_already_exists', 'An account with this e-mail address belongs to another business. Sign in with its password.');
    }
    await repository.linkIdentity(existing.id, provider.id, claims.subject);
    return existing.id;
  }
  const context = await services.auth.$context;
  const created = await context.internalAdapter.createOAuthUser(
    { email: claims.email, name: claims.name ?? claims.email, emailVerified: claims.emailVerified },
    { providerId: provider.id, accountId: claims.subject },
  );
  const userId = created.user.id as string;
  if (businessId !== null) {
    try {
      await joinBusiness(services, { businessId, userId, email: claims.email, name: claims.name });
    } catch (error) {
      await accounts.deleteUser(userId).catch(() => undefined);
      throw error;
    }
    return userId;
  }
  // Anyone else's first sign-in makes an account with its own business, as a sign-up does.
  await provisionNewAccount(services, userId, claims.name);
  return userId;
}

/** A new account from a business's provider joins that business: its profile, and an employee row within the plan's limit. */
async function joinBusiness(services: Services, input: { businessId: string; userId: string; email: string; name: string | null }) {
  await ssoProvidersRepository.insertMemberProfile(services.database.db, { userId: input.userId, businessId: input.businessId, fullName: input.name });
  await services.database.withTenant(input.businessId, async (tx) => {
    await assertPlanAllows(tx, input.businessId, 'employees');
    await ssoProvidersRepository.insertMemberEmployee(tx, { businessId: input.businessId, userId: input.userId, fullName: input.name ?? input.email, email: input.email });
  });
}
