import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';
import { ensureBusinessSettings } from '../business/ensure-business-settings.ts';
import { accountsRepository } from './accounts.repository.ts';
import { normalizePhone, publicEmail } from './credentials.ts';
import { codeIdentifier, oneTimeCodesRepository } from './one-time-codes.repository.ts';
import { secondStepAfterSignIn } from './two-factor.ts';

/** A code, and the link sent with it, works this long (decision 062). */
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000;
/** Messages per recipient per hour, and per client address per hour. */
export const CODE_SENDS_PER_RECIPIENT_PER_HOUR = 5;
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 20;
/** Wrong codes per recipient per 15 minutes before 429. */
export const CODE_ATTEMPTS_PER_RECIPIENT = 5;
/** Tokens of magic links start so (the sign-in page tells them apart). */
export const MAGIC_LINK_TOKEN_PREFIX = 'ml_';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const emailFormat = z.email();

interface CodeLimits {
  sendsPerRecipient: RateLimiter;
  sendsPerAddress: RateLimiter;
  attemptsPerRecipient: RateLimiter;
}

// The limiters are counters in PostgreSQL (lib/rate-limiter.ts); one set per database handle.
const limitsByDb = new WeakMap<object, CodeLimits>();
function limitsOf(services: Services): CodeLimits {
  let limits = limitsByDb.get(services.database.db);
  if (!limits) {
    const db = services.database.db;
    limits = {
      sendsPerRecipient: createRateLimiter(db, { name: 'otp_send_recipient', limit: CODE_SENDS_PER_RECIPIENT_PER_HOUR, windowMs: ONE_HOUR }),
      sendsPerAddress: createRateLimiter(db, { name: 'otp_send_address', limit: CODE_SENDS_PER_ADDRESS_PER_HOUR, windowMs: ONE_HOUR }),
      attemptsPerRecipient: createRateLimiter(db, { name: 'otp_verify_recipient', limit: CODE_ATTEMPTS_PER_RECIPIENT, windowMs: FIFTEEN_MINUTES }),
    };
    limitsByDb.set(db, limits);
  }
  return limits;
}

const overLimit = (what: string, retryAfterSeconds: number) => new AppError(429, 'rate_limited', what, { retry_after_seconds: retryAfterSeconds });
const codeExpired = () => badRequest('otp_expired', 'This code has expired. Ask for a new one.');
const codeInvalid = () => badRequest('otp_invalid', 'That code is not right, or it was already used.');

/** Codes are kept as an HMAC keyed by the server's secret and bound to the recipient: a table dump does not reveal them. */
function hashCode(secret: string, identifier: string, code: string): string {
  return createHmac('sha256', secret).update(`${identifier}\n${code}`).digest('hex');
}
const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Recipient = { channel: 'email'; email: string } | { channel: 'phone'; phone: string };

function readRecipient(input: { email?: string | undefined; phone?: string | undefined }): Recipient {
  const email = input.email?.trim().toLowerCase();
  const phone = input.phone?.trim();
  if (email && phone) throw badRequest('bad_request', 'Send either an email address or a phone number, not both');
  if (email) {
    if (!emailFormat.safeParse(email).success) throw badRequest('invalid_email', 'Enter a valid email address');
    return { channel: 'email', email };
  }
  if (phone) {
    const normalized = normalizePhone(phone);
    if (!normalized) throw badRequest('invalid_phone', 'Enter a valid phone number, for example +15551234567');
    return { channel: 'phone', phone: normalized };
  }
  throw badRequest('email_required', 'Enter your email address or phone number');
}

const identifierOf = (recipient: Recipient) =>
  recipient.channel === 'email' ? codeIdentifier('email', recipient.email) : codeIdentifier('phone', recipient.phone);

/**
 * SPEC §7 otp: an e-mail with a six-digit code and a sign-in link, or a text message with a code,
 * to an existing account. The answer is the same whether or not an account has the address (the
 * message is only queued, decision 016); limited per recipient and per client address.
 */
export async function sendOneTimeCode(services: Services, input: { email?: string | undefined; phone?: string | undefined }, clientAddress: string) {
  const recipient = readRecipient(input);
  const identifier = identifierOf(recipient);
  const limits = limitsOf(services);
  const [byAddress, byRecipient] = await Promise.all([limits.sendsPerAddress.hit(clientAddress), limits.sendsPerRecipient.hit(identifier)]);
  if (!byAddress.allowed) throw overLimit('Too many codes asked for from this address. Try again later.', byAddress.retryAfterSeconds);
  if (!byRecipient.allowed) throw overLimit('Too many codes sent to this recipient. Try again later.', byRecipient.retryAfterSeconds);

  const repo = oneTimeCodesRepository(services.database.db);
  const found = recipient.channel === 'email' ? await repo.findUserByEmail(recipient.email) : await repo.findUserByPhone(recipient.phone);
  if (!found || (recipient.channel === 'email' && !publicEmail(recipient.email))) return;

  const { code, link } = await savePendingSignIn(services, recipient, found.id);
  if (recipient.channel === 'phone') {
    await services.mailer.enqueue({ channel: 'sms', recipient: recipient.phone, subject: 'Till code', body: `Your Till sign-in code is ${code}. It works for 10 minutes.` });
    return;
  }
  await services.mailer.enqueue({
    channel: 'email',
    recipient: recipient.email,
    subject: 'Your Till sign-in code',
    body:
      `Your Till sign-in code is ${code}.\n\nOr open this link to sign in:\n${link!.url}\n\n` +
      'The code and the link work once, for 10 minutes. If you did not ask to sign in, ignore this email.',
  });
}

/** A new code (and for an e-mail a link) for the account, replacing the recipient's earlier one. */
async function savePendingSignIn(services: Services, recipient: Recipient, userId: string) {
  const identifier = identifierOf(recipient);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = recipient.channel === 'email' ? `${MAGIC_LINK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}` : null;
  const expiresAt = new Date(Date.now() + ONE_TIME_CODE_TTL_MS);
  await oneTimeCodesRepository(services.database.db).savePending({
    identifier,
    code: { userId, codeHash: hashCode(services.config.authSecret, identifier, code) },
    linkHash: linkToken ? hashLinkToken(linkToken) : null,
    expiresAt,
  });
  const appUrl = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
  return { code, link: linkToken ? { url: `${appUrl}/auth?magic_link=${encodeURIComponent(linkToken)}`, expiresAt } : null };
}

/**
 * SPEC §7 admin generate_link (type magiclink): the same sign-in link the e-mail carries, handed to
 * the super admin instead of sent. It replaces the account's pending code and link.
 */
export async function generateMagicLink(services: Services, userId: string, email: string) {
  const { link } = await savePendingSignIn(services, { channel: 'email', email }, userId);
  return link!;
}

export type VerifyInput =
  | { type: 'email'; email: string; code: string }
  | { type: 'sms'; phone: string; code: string }
  | { type: 'magiclink'; token: string };

/**
 * SPEC §7 verify: a code from the message (e-mail or text) or the e-mail's link signs in, once.
 * 400 otp_expired past 10 minutes, otp_invalid for a wrong or used one; wrong codes count against
 * the recipient (429 rate_limited). Like a password sign-in, an account with a second factor still
 * owes its code (secondStep "challenge").
 */
export async function verifyOneTimeCode(services: Services, input: VerifyInput, requestHeaders: Headers) {
  const repo = oneTimeCodesRepository(services.database.db);
  let userId: string;
  if (input.type === 'magiclink') {
    const used = await repo.consumeLink(hashLinkToken(input.token));
    if (!used) throw badRequest('otp_invalid', 'This sign-in link is not valid, or it was already used.');
    if (used.expired) throw badRequest('otp_expired', 'This sign-in link has expired. Ask for a new one.');
    userId = used.userId;
  } else {
    const recipient = readRecipient(input.type === 'email' ? { email: input.email } : { phone: input.phone });
    const identifier = identifierOf(recipient);
    const attempts = limitsOf(services).attemptsPerRecipient;
    const blocked = await attempts.isBlocked(identifier);
    if (blocked.blocked) throw overLimit('Too many code attempts. Try again later.', blocked.retryAfterSeconds);
    const code = input.code.replace(/\s/g, '');
    const pending = await repo.findPending(identifier);
    const given = Buffer.from(hashCode(services.config.authSecret, identifier, code));
    const matches = pending !== null && timingSafeEqual(given, Buffer.from(pending.code.codeHash));
    if (!pending || !matches) {
      const hit = await attempts.hit(identifier);
      if (!hit.allowed) throw overLimit('Too many code attempts. Try again later.', hit.retryAfterSeconds);
      throw codeInvalid();
    }
    if (pending.expiresAt.getTime() <= Date.now()) throw codeExpired();
    if (!(await repo.consumeCode(pending.id, identifier))) throw codeInvalid();
    await attempts.reset(identifier);
    userId = pending.code.userId;
  }
  return signInAs(services, userId, requestHeaders);
}

export async function signInAs(services: Services, userId: string, requestHeaders: Headers) {
  let result;
  try {
    result = await services.auth.api.issueSessionForUser({ body: { userId }, headers: requestHeaders, returnHeaders: true });
  } catch (error) {
    // Banned (decision 067); else the account was deleted after the code was sent.
    if (error instanceof AppError) throw error;
    throw codeInvalid();
  }
  const accounts = accountsRepository(services.database.db);
  const profile = await accounts.findProfile(userId);
  if (profile) await ensureBusinessSettings(services.database, { businessId: profile.businessId, userId });
  const row = await oneTimeCodesRepository(services.database.db).findUserById(userId);
  return {
    headers: result.headers,
    secondStep: await secondStepAfterSignIn(services, userId),
    user: { id: userId, email: row ? publicEmail(row.email) : null, phoneNumber: row?.phoneNumber ?? null, name: row?.name ?? '' },
  };
}
