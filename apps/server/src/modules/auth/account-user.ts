import { createHash, randomBytes } from 'node:crypto';
import { hashPassword, symmetricDecrypt } from 'better-auth/crypto';
import { MESSAGES } from '@till/core';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { IdentityTaken, accountUserRepository } from './account-user.repository.ts';
import { assertStrongPassword, normalizePhone, placeholderEmailForUser, publicEmail } from './credentials.ts';
import { auditAccountAction } from './sessions.ts';
import { ssoProvidersRepository } from './sso-providers.repository.ts';
import { hashRecoveryCode, matchTotpStep } from './totp.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { reauthenticate } from './two-factor.ts';

/** A session that reauthenticated may change the e-mail, phone or password for this long (decision 053). */
export const REAUTH_TTL_MS = 5 * 60 * 1000;
/** The link confirming a new e-mail address works this long. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Tokens of e-mail change links start so; better-auth's own verification tokens are JWTs. */
export const EMAIL_CHANGE_TOKEN_PREFIX = 'ec_';

const emailFormat = z.email();
const identityTaken = (what: 'e-mail address' | 'phone number') =>
  new AppError(409, 'identity_already_exists', `This ${what} is already used by another account`);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function publicUser(row: { id: string; name: string; email: string; emailVerified: boolean; phoneNumber: string | null }) {
  const email = publicEmail(row.email);
  return { id: row.id, name: row.name, email, emailVerified: email ? row.emailVerified : false, phoneNumber: row.phoneNumber };
}

async function ownUser(services: Services, account: SignedInAccount) {
  const row = await accountUserRepository(services.database.db).findUser(account.user.id);
  if (!row) {
    // SPEC §8: the session was read a moment ago (the session cache) but its user is gone by now.
    services.sessionCache.forgetSession(account.sessionId);
    throw new AppError(401, 'session_not_found', MESSAGES.authSessionOrUserMissing);
  }
  return row;
}

/** SPEC §7 GET user: the signed-in account's own record, and whether the session recently reauthenticated. */
export async function getAccountUser(services: Services, account: SignedInAccount) {
  const repo = accountUserRepository(services.database.db);
  const [row, recentlyReauthenticated] = await Promise.all([ownUser(services, account), repo.isRecentlyReauthenticated(account.sessionId)]);
  return { user: publicUser(row), recentlyReauthenticated };
}

/** A wrong second factor counts against the account like any other code attempt (decision 045). */
async function limitCodeAttempts(services: Services, userId: string) {
  const limit = await services.signInLimits.perAccount.hit(`mfa:${userId}`);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many code attempts. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
}

/**
 * SPEC §7 reauthenticate: the current password, and with two-factor on, a code from the
 * authenticator app or a recovery code (used up). The session may then change the e-mail,
 * phone and password for 5 minutes.
 */
export async function reauthenticateSession(
  services: Services,
  account: SignedInAccount,
  input: { password?: string | undefined; code?: string | undefined },
  clientAddress: string,
) {
  await reauthenticate(services, account, input.password, clientAddress);
  const repo = accountUserRepository(services.database.db);
  const factors = (await twoFactorRepository(services.database.db).listFactors(account.user.id)).filter((factor) => factor.status === 'verified');
  if (factors.length > 0) {
    const code = input.code?.replace(/\s/g, '') ?? '';
    if (!code) throw new AppError(400, 'mfa_verification_failed', 'Enter the code from your authenticator app, or a recovery code');
    await limitCodeAttempts(services, account.user.id);
    if (!(await acceptSecondFactor(services, account.user.id, factors, code))) {
      throw new AppError(400, 'mfa_verification_failed', 'That code is not right, or it was already used.');
    }
    await services.signInLimits.perAccount.reset(`mfa:${account.user.id}`);
  }
  const expiresAt = new Date(Date.now() + REAUTH_TTL_MS);
  await repo.markReauthenticated(account.sessionId, expiresAt);
  return { reauthenticatedUntil: expiresAt.toISOString() };
}

async function acceptSecondFactor(services: Services, userId: string, factors: { id: string; secret: string }[], code: string): Promise<boolean> {
  const repo = accountUserRepository(services.database.db);
  if (/^\d{6}$/.test(code)) {
    for (const factor of factors) {
      const secret = await symmetricDecrypt({ key: services.config.authSecret, data: factor.secret }).catch(() => null);
      const step = secret ? await matchTotpStep(secret, code) : null;
      if (step !== null) return repo.useTotpStep(userId, factor.id, step);
    }
    return false;
  }
  return repo.useRecoveryCode(userId, hashRecoveryCode(code));
}

export interface UpdateUserInput {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
}

/**
 * SPEC §7 PUT user. The name changes at once; the e-mail, phone number and password only from a
 * session that reauthenticated in the last 5 minutes (403 reauthentication_needed). A new e-mail
 * address is not applied until the link sent to it is opened; a new password ends every other
 * session. Everything is checked before anything is written.
 */
export async function updateAccountUser(services: Services, account: SignedInAccount, input: UpdateUserInput) {
  const repo = accountUserRepository(services.database.db);
  const current = await ownUser(services, account);

  const email = input.email?.trim().toLowerCase();
  if (email !== undefined && !emailFormat.safeParse(email).success) throw badRequest('invalid_email', 'Enter a valid email address');
  const phone = input.phone === undefined ? undefined : normalizePhone(input.phone);
  if (phone === null) throw badRequest('invalid_phone', 'Enter a valid phone number, for example +15551234567');
  if (input.password !== undefined) assertStrongPassword(input.password);

  const newEmail = email !== undefined && email !== current.email ? email : undefined;
  const newPhone = phone !== undefined && phone !== current.phoneNumber ? phone : undefined;
  const sensitive = newEmail !== undefined || newPhone !== undefined || input.password !== undefined;
  if (sensitive && !(await repo.isRecentlyReauthenticated(account.sessionId))) {
    throw new AppError(403, 'reauthentication_needed', 'Confirm your current password before changing your e-mail, phone number or password');
  }
  if (newEmail !== undefined && (await repo.isEmailTaken(newEmail, current.id))) throw identityTaken('e-mail address');
  if (newPhone !== undefined && (await repo.isPhoneTaken(newPhone, current.id))) throw identityTaken('phone number');

  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  let ended: string[];
  try {
    ({ endedSessionIds: ended } = await repo.updateUser(current.id, account.sessionId, { name: input.name, phoneNumber: newPhone, passwordHash }));
  } catch (error) {
    if (error instanceof IdentityTaken) throw identityTaken('phone number');
    throw error;
  }
  services.sessionCache.forgetUser(current.id);
  if (ended.length > 0) await services.realtime.barrier();

  if (newEmail !== undefined) await sendEmailChangeLink(services, current.id, newEmail);
  const changed = [
    ...(input.name !== undefined && input.name !== current.name ? ['name'] : []),
    ...(newEmail !== undefined ? ['email'] : []),
    ...(newPhone !== undefined ? ['phone'] : []),
    ...(input.password !== undefined ? ['password'] : []),
  ];
  if (changed.length > 0) await auditAccountAction(services, account, 'account.user_updated', { changed, otherSessionsEnded: ended.length });
  const after = await ownUser(services, account);
  return { user: publicUser(after), emailChangeSentTo: newEmail ?? null };
}

async function sendEmailChangeLink(services: Services, userId: string, email: string) {
  const token = `${EMAIL_CHANGE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await accountUserRepository(services.database.db).saveEmailChange({
    userId,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  const appUrl = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
  await services.mailer.enqueue({
    channel: 'email',
    recipient: email,
    subject: 'Confirm your new e-mail address for Till',
    body: `Open this link within 24 hours to sign in to Till with this address from now on:\n${appUrl}/signup-thank-you?verify=${encodeURIComponent(token)}\n\nIf you did not ask for this, ignore this email; nothing changes.`,
  });
}

/** The link from the e-mail change message: the new address replaces the old one, verified. Once. */
export async function confirmEmailChange(services: Services, token: string): Promise<void> {
  let applied;
  try {
    applied = await accountUserRepository(services.database.db).applyEmailChange(hashToken(token));
  } catch (error) {
    if (error instanceof IdentityTaken) throw identityTaken('e-mail address');
    throw error;
  }
  if (!applied) throw badRequest('invalid_token', 'This confirmation link is invalid or has expired');
  services.sessionCache.forgetUser(applied.userId);
}

export type IdentityKind = 'email' | 'phone' | 'web3' | 'sso';

interface Identity {
  id: string;
  provider: IdentityKind;
  identifier: string;
  verified: boolean;
  /** For an SSO identity: the provider's name and when it was linked. */
  providerName: string | null;
  linkedAt: string | null;
}

/** The account's sign-in ways; a wallet (decision 067) is proven by its signature, so it counts as verified. */
function identitiesOf(row: { email: string; emailVerified: boolean; phoneNumber: string | null }, wallets: string[]): Identity[] {
  const email = publicEmail(row.email);
  return [
    ...(email ? [{ id: 'email', provider: 'email' as const, identifier: email, verified: row.emailVerified, providerName: null, linkedAt: null }] : []),
    ...(row.phoneNumber ? [{ id: 'phone', provider: 'phone' as const, identifier: row.phoneNumber, verified: false, providerName: null, linkedAt: null }] : []),
    ...wallets.map((address) => ({ id: `web3:${address}`, provider: 'web3' as const, identifier: address, verified: true, providerName: null, linkedAt: null })),
  ];
}

/**
 * The password ways, the wallets (decision 067) and the single sign-on identities (decision 068; id
 * `sso-<row>`), with each provider's name as it is now.
 */
async function allIdentitiesOf(services: Services, row: { id: string; email: string; emailVerified: boolean; phoneNumber: string | null }): Promise<Identity[]> {
  const repo = accountUserRepository(services.database.db);
  const [sso, wallets] = await Promise.all([repo.ssoIdentities(row.id), repo.listWallets(row.id)]);
  const businessIds = sso.map((entry) => /^sso:(.+)$/.exec(entry.providerId)?.[1]).filter((id): id is string => id !== undefined);
  const names = await ssoProvidersRepository.names(services.database.db, businessIds);
  const email = publicEmail(row.email);
  return [
    ...identitiesOf(row, wallets),
    ...sso.map((entry) => ({
      id: `sso-${entry.id}`,
      provider: 'sso' as const,
      identifier: email ?? '',
      verified: true,
      providerName: entry.providerId === 'oidc' ? (services.config.sso?.name ?? 'SSO') : (names.get(entry.providerId.slice(4)) ?? 'A removed provider'),
      linkedAt: entry.createdAt.toISOString(),
    })),
  ];
}

async function identitiesOfAccount(services: Services, account: SignedInAccount): Promise<Identity[]> {
  return allIdentitiesOf(services, await ownUser(services, account));
}

/**
 * SPEC §7 identities: the ways the account signs in: with its password, its e-mail address and its
 * phone number, and its linked wallets (decision 067); a second factor is not one.
 */
export async function listIdentities(services: Services, account: SignedInAccount) {
  return { identities: await identitiesOfAccount(services, account) };
}

/**
 * Adds a sign-in way the account does not have yet (409 identity_already_exists when it has, or
 * when another account uses it), with the same reauthentication as PUT user.
 */
export async function linkIdentity(services: Services, account: SignedInAccount, input: { email?: string | undefined; phone?: string | undefined }) {
  const has = (await identitiesOfAccount(services, account)).map((identity) => identity.provider);
  if ((input.email !== undefined && has.includes('email')) || (input.phone !== undefined && has.includes('phone'))) {
    throw new AppError(409, 'identity_already_exists', 'This account already signs in this way. Change it in your account instead.');
  }
  const changed = await updateAccountUser(services, account, input);
  return { identities: await identitiesOfAccount(services, account), emailChangeSentTo: changed.emailChangeSentTo };
}

/** Unlinks a sign-in way (after reauthenticating); the last one stays (400 single_identity_not_deletable). */
export async function unlinkIdentity(services: Services, account: SignedInAccount, identityId: string) {
  const row = await ownUser(services, account);
  const identities = await identitiesOfAccount(services, account);
  const identity = identities.find((candidate) => candidate.id === identityId);
  if (!identity) throw new AppError(404, 'identity_not_found', 'This account has no such sign-in identity');
  if (identities.length === 1) {
    throw new AppError(400, 'single_identity_not_deletable', 'This is the only way to sign in to this account, so it cannot be removed');
  }
  if (!(await accountUserRepository(services.database.db).isRecentlyReauthenticated(account.sessionId))) {
    throw new AppError(403, 'reauthentication_needed', 'Confirm your current password before changing your e-mail, phone number or password');
  }
  const repo = accountUserRepository(services.database.db);
  if (identity.provider === 'web3') await repo.removeWallet(row.id, identity.identifier);
  else if (identity.provider === 'sso') await repo.removeSsoIdentity(row.id, identity.id.slice('sso-'.length));
  else await repo.removeIdentity(row.id, identity.provider === 'phone' ? { phoneNumber: null } : { email: placeholderEmailForUser(row.id) });
  services.sessionCache.forgetUser(row.id);
  await auditAccountAction(services, account, 'account.identity_removed', { provider: identity.provider, ...(identity.providerName ? { providerName: identity.providerName } : {}) });
  return { identities: await identitiesOfAccount(services, account) };
}
