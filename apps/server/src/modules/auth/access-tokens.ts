import { randomUUID } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import type { Services } from '../../lib/context.ts';
import { tokensRepository } from './tokens.repository.ts';

/** An access token works this long; the refresh token gets the next one. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A retired key stays in the JWKS this long: past the life of any token it signed. */
const RETIRED_KEY_PUBLISHED_MS = 4 * ACCESS_TOKEN_TTL_SECONDS * 1000;
/** Keys are re-read this often (another process may have rotated). */
const KEY_CACHE_MS = 60_000;
const ALGORITHM = 'ES256';
export const ACCESS_TOKEN_AUDIENCE = 'authenticated';

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  privateKey: ImportedKey | null;
  publicKey: ImportedKey;
  signs: boolean;
}
interface KeyRing {
  keys: LoadedKey[];
  loadedAt: number;
}

/** What signing and verifying need: the auth secret, the public URL, the database. */
export type KeyServices = Pick<Services, 'config' | 'database'>;

const rings = new WeakMap<Services['database'], KeyRing>();

/** The issuer of our access tokens: this server's auth API. */
export function accessTokenIssuer(services: KeyServices): string {
  return `${services.config.publicUrl ?? `http://localhost:${services.config.port}`}/api/auth`;
}

async function newKey(services: KeyServices) {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
  const privateJwk = JSON.stringify(await exportJWK(privateKey));
  return { id: kid, algorithm: ALGORITHM, publicJwk, privateJwk: await symmetricEncrypt({ key: services.config.authSecret, data: privateJwk }) };
}

async function loadRing(services: KeyServices): Promise<KeyRing> {
  const repository = tokensRepository(services.database.db);
  let rows = await repository.publishedKeys(new Date(Date.now() - RETIRED_KEY_PUBLISHED_MS));
  if (!rows.some((row) => row.retiredAt === null)) {
    // The first key: whichever process gets here first stores it; the others read it back.
    await repository.insertFirstKey(await newKey(services));
    rows = await repository.publishedKeys(new Date(Date.now() - RETIRED_KEY_PUBLISHED_MS));
  }
  const keys = await Promise.all(
    rows.map(async (row): Promise<LoadedKey> => {
      const signs = row.retiredAt === null;
      const privateJson = signs ? await symmetricDecrypt({ key: services.config.authSecret, data: row.privateJwk }) : null;
      return {
        kid: row.id,
        publicJwk: row.publicJwk as JWK,
        publicKey: await importJWK(row.publicJwk as JWK, row.algorithm),
        privateKey: privateJson ? await importJWK(JSON.parse(privateJson) as JWK, row.algorithm) : null,
        signs,
      };
    }),
  );
  const ring = { keys, loadedAt: Date.now() };
  rings.set(services.database, ring);
  return ring;
}

async function keyRing(services: KeyServices, reload = false): Promise<KeyRing> {
  const ring = rings.get(services.database);
  if (!reload && ring && Date.now() - ring.loadedAt < KEY_CACHE_MS) return ring;
  return loadRing(services);
}

/** SPEC §7 GET jwks: the public keys that verify our access tokens. */
export async function publishedJwks(services: KeyServices) {
  const ring = await keyRing(services);
  return { keys: ring.keys.map((key) => key.publicJwk) };
}

/** A new key signs from now on; the previous one stays published until its tokens have expired. */
export async function rotateSigningKey(services: KeyServices): Promise<{ kid: string }> {
  const key = await newKey(services);
  await tokensRepository(services.database.db).rotateKey(key);
  await loadRing(services);
  return { kid: key.id };
}

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  email: string | null;
  phoneNumber: string | null;
  level: 'aal1' | 'aal2';
}

/** A short-lived signed JWT naming the user and the session it belongs to. */
export async function signAccessToken(services: KeyServices, subject: AccessTokenSubject, now = Date.now()) {
  const ring = await keyRing(services);
  const key = ring.keys.find((candidate) => candidate.signs && candidate.privateKey) ?? (await keyRing(services, true)).keys.find((candidate) => candidate.signs)!;
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    sid: subject.sessionId,
    email: subject.email ?? undefined,
    phone: subject.phoneNumber ?? undefined,
    role: 'authenticated',
    aal: subject.level,
  })
    .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(accessTokenIssuer(services))
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(subject.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey!);
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt };
}

/**
 * The user and session a Bearer access token names, or null: a wrong signature, another issuer
 * or audience, an expired token or an unknown key are all refused alike.
 */
export async function verifyAccessToken(services: KeyServices, token: string): Promise<{ userId: string; sessionId: string } | null> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== ALGORITHM) return null;
    kid = header.kid;
  } catch {
    return null;
  }
  if (!kid) return null;
  let key = (await keyRing(services)).keys.find((candidate) => candidate.kid === kid);
  // Another process may have rotated since this one read the keys.
  if (!key) key = (await keyRing(services, true)).keys.find((candidate) => candidate.kid === kid);
  if (!key) return null;
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [ALGORITHM],
      issuer: accessTokenIssuer(services),
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
