import { symmetricDecrypt, symmetricEncrypt, verifyPassword } from 'better-auth/crypto';
import { MESSAGES } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { accountsRepository } from './accounts.repository.ts';
import { auditAccountAction } from './sessions.ts';
import { twoFactorRepository, type FactorRow } from './two-factor.repository.ts';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

/** A challenge is answered within 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** At most this many factors (verified or not) per account. */
export const MAX_FACTORS = 10;
const ISSUER = 'Till';

export type SecondStep = 'challenge' | 'enroll';
export type AssuranceLevel = 'aal1' | 'aal2';

/**
 * What a session still owes (decision 045): 'challenge' when the account has a verified factor
 * and the session has not proved one; 'enroll' when the business requires two-factor and the
 * account has none yet. Either way the session reaches nothing but the second-step routes.
 */
export async function readAssurance(services: Pick<Services, 'database'>, userId: string, sessionId: string) {
  const found = await twoFactorRepository(services.database.db).assuranceOf(userId, sessionId);
  const currentLevel: AssuranceLevel = found?.sessionLevel === 'aal2' ? 'aal2' : 'aal1';
  const verifiedFactors = found?.verifiedFactors ?? 0;
  const nextLevel: AssuranceLevel = verifiedFactors > 0 ? 'aal2' : 'aal1';
  const secondStep: SecondStep | null =
    verifiedFactors > 0 && currentLevel !== 'aal2' ? 'challenge' : verifiedFactors === 0 && found?.required ? 'enroll' : null;
  return { currentLevel, nextLevel, secondStep, required: found?.required ?? false };
}

const factorNotFound = () => new AppError(404, 'mfa_factor_not_found', 'No such factor on this account');
const wrongCode = () => new AppError(400, 'mfa_verification_failed', 'That code is not right, or it was already used. Enter the current code from your authenticator app.');

function publicFactor(row: FactorRow) {
  return { id: row.id, factorType: row.factorType, friendlyName: row.friendlyName, status: row.status, createdAt: row.createdAt.toISOString() };
}

/** Wrong codes count against the account (PostgreSQL-kept window), whoever sends them. */
async function limitAttempts(services: Services, userId: string) {
  const limit = await services.signInLimits.perAccount.hit(`mfa:${userId}`);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many code attempts. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
}

/**
 * SPEC §8 "Auth session or user missing": the cookie named a session a moment ago (the session
 * cache holds it for a few seconds) but its row or its user is gone by now.
 */
async function assertSessionAndUser(services: Services, account: SignedInAccount) {
  if (!(await twoFactorRepository(services.database.db).assuranceOf(account.user.id, account.sessionId))) {
    services.sessionCache.forgetSession(account.sessionId);
    throw new AppError(401, 'session_not_found', MESSAGES.authSessionOrUserMissing);
  }
}

export async function listFactors(services: Services, account: SignedInAccount) {
  const repo = twoFactorRepository(services.database.db);
  await assertSessionAndUser(services, account);
  const [factors, assurance, recoveryCodesLeft] = await Promise.all([
    repo.listFactors(account.user.id),
    readAssurance(services, account.user.id, account.sessionId),
    repo.recoveryCodesLeft(account.user.id),
  ]);
  // A session still owing its second step sees only the factors it may answer with.
  const visible = assurance.secondStep === 'challenge' ? factors.filter((f) => f.status === 'verified') : factors;
  return {
    factors: visible.map(publicFactor),
    currentLevel: assurance.currentLevel,
    nextLevel: assurance.nextLevel,
    secondStep: assurance.secondStep,
    required: assurance.required,
    recoveryCodesLeft,
  };
}

export async function enrollFactor(services: Services, account: SignedInAccount, input: { friendlyName?: string | undefined }) {
  if (account.secondStep === 'challenge') {
    throw new AppError(403, 'insufficient_aal', 'Enter a code from your authenticator app to finish signing in first');
  }
  const repo = twoFactorRepository(services.database.db);
  await assertSessionAndUser(services, account);
  if ((await repo.countFactors(account.user.id)) >= MAX_FACTORS) {
    throw new AppError(400, 'too_many_enrolled_mfa_factors', `An account has at most ${MAX_FACTORS} factors. Remove one first.`);
  }
  const secret = newTotpSecret();
  const friendlyName = input.friendlyName?.trim() || `Authenticator ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
  const row = await repo.insertFactor({
    userId: account.user.id,
    friendlyName,
    secret: await symmetricEncrypt({ key: services.config.authSecret, data: secret }),
  });
  if (!row) throw new AppError(409, 'mfa_factor_name_conflict', 'A factor with this name already exists on this account');
  const uri = totpUri(secret, ISSUER, account.user.email ?? account.user.phoneNumber ?? account.user.name);
  return { ...publicFactor(row), totp: { secret, uri, qrCode: qrCodeSvg(uri) } };
}

async function ownFactor(services: Services, account: SignedInAccount, factorId: string) {
  const factor = await twoFactorRepository(services.database.db).findFactor(account.user.id, factorId);
  // A session owing its second step answers with a verified factor, never one added since.
  if (!factor || (account.secondStep === 'challenge' && factor.status !== 'verified')) throw factorNotFound();
  return factor;
}

export async function challengeFactor(services: Services, account: SignedInAccount, factorId: string) {
  await assertSessionAndUser(services, account);
  const factor = await ownFactor(services, account, factorId);
  const challenge = await twoFactorRepository(services.database.db).createChallenge({
    factorId: factor.id,
    sessionId: account.sessionId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { id: challenge.id, factorId: factor.id, expiresAt: challenge.expiresAt.toISOString() };
}

/**
 * A code from the authenticator app answers the challenge: the session reaches level 2. The
 * first verified factor of an account comes with 10 recovery codes, shown this once.
 */
export async function verifyFactor(services: Services, account: SignedInAccount, factorId: string, input: { challengeId: string; code: string }) {
  await limitAttempts(services, account.user.id);
  const repo = twoFactorRepository(services.database.db);
  const factor = await ownFactor(services, account, factorId);
  const challenge = await repo.findChallenge(input.challengeId, factor.id);
  if (!challenge || challenge.sessionId !== account.sessionId) {
    throw new AppError(404, 'mfa_challenge_not_found', 'No such challenge for this factor. Ask for a new one.');
  }
  if (challenge.verifiedAt) throw new AppError(400, 'mfa_challenge_expired', 'This challenge was already answered. Ask for a new one.');
  if (challenge.expiresAt.getTime() <= Date.now()) throw new AppError(400, 'mfa_challenge_expired', 'This challenge has expired. Ask for a new one.');
  // A secret encrypted under an earlier auth secret can no longer be read: no code matches it
  // (the account signs in with a recovery code and sets the app up again).
  const secret = await symmetricDecrypt({ key: services.config.authSecret, data: factor.secret }).catch(() => null);
  const step = secret ? await matchTotpStep(secret, input.code.replace(/\s/g, '')) : null;
  if (step === null) throw wrongCode();
  const firstFactor = factor.status !== 'verified' && (await repo.listFactors(account.user.id)).every((f) => f.status !== 'verified');
  const recoveryCodes = firstFactor ? newRecoveryCodes() : null;
  const accepted = await repo.acceptTotp({
    factorId: factor.id,
    challengeId: challenge.id,
    sessionId: account.sessionId,
    step,
    userId: account.user.id,
    recoveryCodeHashes: recoveryCodes?.map(hashRecoveryCode) ?? null,
  });
  if (!accepted) throw wrongCode();
  await services.signInLimits.perAccount.reset(`mfa:${account.user.id}`);
  services.sessionCache.forgetUser(account.user.id);
  return { currentLevel: 'aal2' as const, recoveryCodes };
}

/** A recovery code instead of the app: single use, then gone. */
export async function verifyRecoveryCode(services: Services, account: SignedInAccount, input: { code: string }) {
  await limitAttempts(services, account.user.id);
  const used = await twoFactorRepository(services.database.db).useRecoveryCode({
    userId: account.user.id,
    codeHash: hashRecoveryCode(input.code),
    sessionId: account.sessionId,
  });
  if (!used) throw new AppError(400, 'mfa_verification_failed', 'That recovery code is not right, or it was already used.');
  await services.signInLimits.perAccount.reset(`mfa:${account.user.id}`);
  services.sessionCache.forgetUser(account.user.id);
  return { currentLevel: 'aal2' as const, recoveryCodesLeft: await twoFactorRepository(services.database.db).recoveryCodesLeft(account.user.id) };
}

/** The account's password again, for changes someone at an unlocked screen must not make. */
export async function reauthenticate(services: Services, account: SignedInAccount, password: string | undefined, clientAddress: string) {
  const limit = await services.signInLimits.perAddress.hit(clientAddress);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many attempts from this address. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  const hash = await accountsRepository(services.database.db).findPasswordHash(account.user.id);
  const matches = hash && password ? await verifyPassword({ hash, password }) : false;
  if (!matches) throw new AppError(401, 'reauthentication_not_valid', 'Enter your current password to confirm this change');
}

export async function regenerateRecoveryCodes(services: Services, account: SignedInAccount, input: { password?: string | undefined }, clientAddress: string) {
  const assurance = await readAssurance(services, account.user.id, account.sessionId);
  if (assurance.nextLevel !== 'aal2') throw new AppError(400, 'mfa_enrollment_required', 'Set up an authenticator app first');
  await reauthenticate(services, account, input.password, clientAddress);
  const codes = newRecoveryCodes();
  await twoFactorRepository(services.database.db).replaceRecoveryCodes(account.user.id, codes.map(hashRecoveryCode));
  return { recoveryCodes: codes };
}

export async function deleteFactor(services: Services, account: SignedInAccount, factorId: string, input: { password?: string | undefined }, clientAddress: string) {
  const factor = await twoFactorRepository(services.database.db).findFactor(account.user.id, factorId);
  if (!factor) throw factorNotFound();
  await reauthenticate(services, account, input.password, clientAddress);
  if (!(await twoFactorRepository(services.database.db).deleteFactor(account.user.id, factorId))) throw factorNotFound();
  services.sessionCache.forgetUser(account.user.id);
  await auditAccountAction(services, account, 'account.factor_removed', { factorId, friendlyName: factor.friendlyName });
}

/**
 * The owner requires a second factor of every account of the business (themselves included),
 * so switching it on needs their own factor first: an owner never locks themselves out.
 */
export async function setTwoFactorPolicy(services: Services, account: SignedInAccount, businessId: string, required: boolean) {
  if (required) {
    const assurance = await readAssurance(services, account.user.id, account.sessionId);
    if (assurance.currentLevel !== 'aal2') {
      throw new AppError(400, 'mfa_enrollment_required', 'Set up two-factor sign-in for your own account first');
    }
  }
  await twoFactorRepository(services.database.db).setRequireTwoFactor(businessId, required);
  services.sessionCache.clear();
  await auditAccountAction(services, account, 'business.two_factor_required', { required });
  return { required };
}

/** What a session just opened with a password still owes (it starts at aal1). */
export async function secondStepAfterSignIn(services: Pick<Services, 'database'>, userId: string): Promise<SecondStep | null> {
  const repo = twoFactorRepository(services.database.db);
  const factors = await repo.listFactors(userId);
  if (factors.some((factor) => factor.status === 'verified')) return 'challenge';
  const profile = await accountsRepository(services.database.db).findProfile(userId);
  return profile && (await repo.requireTwoFactorOf(profile.businessId)) ? 'enroll' : null;
}
