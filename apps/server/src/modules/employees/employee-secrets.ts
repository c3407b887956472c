import { createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** A one-time setup code stays usable this long after it is issued. */
export const SETUP_CODE_TTL_MS = 72 * 60 * 60 * 1000;

const SCRYPT_N = 16_384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;

function scryptKey(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Salted scrypt, stored as `scrypt$N$r$p$salt$key` so the cost can rise later without a migration. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptKey(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P);
  return ['scrypt', SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptKey(pin, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real PIN check when there is no PIN to check (unknown employee, no PIN
 * yet), so that the response time does not tell which employee ids exist.
 */
export async function verifyAgainstNothing(pin: string): Promise<false> {
  dummyHash ??= hashPin('000000');
  await verifyPin(pin, await dummyHash);
  return false;
}

// Crockford's base32 without I, L, O, U: nothing to misread when typing it from a screen.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;

/** 12 random base32 characters (60 bits), shown as XXXX-XXXX-XXXX. */
export function generateSetupCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** What the employee typed, in the canonical form; null when it cannot be a setup code. */
export function normalizeSetupCode(input: string): string | null {
  const cleaned = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (cleaned.length !== CODE_LENGTH) return null;
  for (const char of cleaned) if (!CODE_ALPHABET.includes(char)) return null;
  return cleaned;
}

export function setupCodeLookup(secret: string, normalizedCode: string): string {
  return createHmac('sha256', secret).update(`employee-setup:${normalizedCode}`).digest('base64url');
}
