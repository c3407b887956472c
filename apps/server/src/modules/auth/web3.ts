import { randomBytes } from 'node:crypto';
import { getAddress, isAddress, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';
import { accountsRepository } from './accounts.repository.ts';
import { placeholderEmailForWallet } from './credentials.ts';
import { provisionNewAccount } from './new-account.ts';
import { tokensRepository } from './tokens.repository.ts';

/** A nonce, and the message signed with it, is good for this long (decision 067). */
export const WEB3_MESSAGE_MAX_AGE_MS = 10 * 60 * 1000;
/** Clocks differ: a message "issued" this far in the future still counts. */
const CLOCK_SKEW_MS = 60 * 1000;
/** Ethereum mainnet: the chain a message must name (EIP-155 chain id). */
export const WEB3_CHAIN_IDS = [1] as const;
/** The identity provider of a wallet: its id is the EIP-55 checksummed address. */
export const WEB3_PROVIDER = 'web3';
/** Nonces handed out per client address per 10 minutes. */
const NONCES_PER_ADDRESS = 60;

const nonceMark = (nonce: string) => `web3-nonce:${nonce}`;
const messageInvalid = (why: string) => badRequest('web3_message_invalid', `The Sign-In with Ethereum message is not valid here: ${why}`);

const limiters = new WeakMap<object, RateLimiter>();
function nonceLimiter(services: Services): RateLimiter {
  let limiter = limiters.get(services.database.db);
  if (!limiter) {
    limiter = createRateLimiter(services.database.db, { name: 'web3_nonce_address', limit: NONCES_PER_ADDRESS, windowMs: WEB3_MESSAGE_MAX_AGE_MS });
    limiters.set(services.database.db, limiter);
  }
  return limiter;
}

/** The origin a message must name: this server's public address. */
function expectedOrigin(services: Services): URL {
  return new URL(services.config.publicUrl ?? `http://localhost:${services.config.port}`);
}

/**
 * A nonce for a Sign-In with Ethereum (EIP-4361) message, kept in the database (any process takes
 * it) for 10 minutes and good for one sign-in, with what the message must say: domain, URI, chain.
 */
export async function issueWeb3Nonce(services: Services, clientAddress: string) {
  const limit = await nonceLimiter(services).hit(clientAddress);
  if (!limit.allowed) throw new AppError(429, 'rate_limited', 'Too many sign-in nonces asked for from this address. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WEB3_MESSAGE_MAX_AGE_MS);
  await tokensRepository(services.database.db).insertMark(nonceMark(nonce), 'unused', expiresAt);
  const origin = expectedOrigin(services);
  return { nonce, domain: origin.host, uri: origin.origin, chainId: WEB3_CHAIN_IDS[0], version: '1' as const, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

/**
 * The wallet that signed a Sign-In with Ethereum message, once the message names this server
 * (domain and URI), an accepted chain and a time within the last 10 minutes (and before its own
 * expiration), the signature recovers its address, and its nonce, issued here, is used up. Every
 * check that changes nothing runs first: a refused message leaves its nonce usable.
 */
export async function verifyWeb3Message(services: Services, input: { message: string; signature: `0x${string}` }, now = new Date()): Promise<string> {
  const parsed = parseSiweMessage(input.message);
  if (!parsed.address || !isAddress(parsed.address, { strict: false })) throw messageInvalid('no address');
  if (!parsed.domain || !parsed.uri || !parsed.nonce || !parsed.issuedAt || parsed.version !== '1' || parsed.chainId === undefined) {
    throw messageInvalid('it lacks the domain, URI, version 1, chain id, nonce or issued-at');
  }
  const origin = expectedOrigin(services);
  if (parsed.domain !== origin.host) throw messageInvalid(`domain must be ${origin.host}`);
  let uri: URL;
  try {
    uri = new URL(parsed.uri);
  } catch {
    throw messageInvalid('the URI is not a URL');
  }
  if (uri.origin !== origin.origin) throw messageInvalid(`URI must be on ${origin.origin}`);
  if (!(WEB3_CHAIN_IDS as readonly number[]).includes(parsed.chainId)) throw messageInvalid(`chain ${parsed.chainId} is not accepted (chain ids: ${WEB3_CHAIN_IDS.join(', ')})`);
  const age = now.getTime() - parsed.issuedAt.getTime();
  if (Number.isNaN(age) || age > WEB3_MESSAGE_MAX_AGE_MS || age < -CLOCK_SKEW_MS) {
    throw badRequest('web3_message_expired', 'The Sign-In with Ethereum message was issued more than 10 minutes ago (or in the future). Sign a new one.');
  }
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= now.getTime()) throw badRequest('web3_message_expired', 'The Sign-In with Ethereum message has expired. Sign a new one.');
  if (parsed.notBefore && parsed.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS) throw messageInvalid('it is not valid before its not-before time');
  const address = getAddress(parsed.address);
  let valid = false;
  try {
    valid = await verifyMessage({ address, message: input.message, signature: input.signature });
  } catch {
    valid = false;
  }
  if (!valid) throw badRequest('web3_signature_invalid', 'The signature does not match the message and its address');
  if ((await tokensRepository(services.database.db).takeMark(nonceMark(parsed.nonce))) === null) {
    throw badRequest('web3_nonce_invalid', 'This nonce was not issued here, was already used or has expired. Ask for a new one.');
  }
  return address;
}

/**
 * The account of a wallet: the one already linked to the address; when someone is signed in, their
 * account (the address is linked to it; 409 identity_already_exists when another account has it);
 * else a new account with no e-mail address and a business of its own, as a sign-up makes.
 */
export async function accountOfWallet(services: Services, address: string, signedIn: SignedInAccount | null): Promise<string> {
  const repository = tokensRepository(services.database.db);
  const linked = await repository.findUserIdByIdentity(WEB3_PROVIDER, address);
  if (signedIn) {
    if (linked && linked !== signedIn.user.id) throw new AppError(409, 'identity_already_exists', 'This wallet already signs in to another account');
    if (!linked) await repository.linkIdentity(signedIn.user.id, WEB3_PROVIDER, address);
    return signedIn.user.id;
  }
  if (linked) return linked;
  const context = await services.auth.$context;
  const racing = () => new AppError(409, 'identity_already_exists', 'This wallet is signing in from elsewhere at this moment. Try again.');
  let userId: string;
  try {
    const created = await context.internalAdapter.createUser(
      { email: placeholderEmailForWallet(address), name: `${address.slice(0, 6)}…${address.slice(-4)}`, emailVerified: false },
      { method: 'siwe' },
    );
    userId = created.id as string;
  } catch {
    // Two first sign-ins with one wallet at once: the other is making the account.
    const other = await repository.findUserIdByIdentity(WEB3_PROVIDER, address);
    if (other) return other;
    throw racing();
  }
  try {
    await repository.linkIdentity(userId, WEB3_PROVIDER, address);
  } catch {
    await accountsRepository(services.database.db).deleteUser(userId).catch(() => undefined);
    const other = await repository.findUserIdByIdentity(WEB3_PROVIDER, address);
    if (other) return other;
    throw racing();
  }
  await provisionNewAccount(services, userId, null);
  return userId;
}
