import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * A paired till's secret (ARCHITECTURE "Credentials"): only its SHA-256 is stored; the secret is
 * 32 random bytes, so a fast hash is enough. The cookie that carries it is lib/till-cookie.ts.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newRegisterSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Letters and digits nobody confuses when reading them off a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;

/** A one-time pairing code, shown as `ABCD-EFGH` (31^8 ≈ 8.5 × 10^11 codes). */
export function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, made comparable: case, spaces and dashes do not matter. */
export function normalizePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_CODE_LENGTH || [...code].some((char) => !CODE_ALPHABET.includes(char))) return null;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
