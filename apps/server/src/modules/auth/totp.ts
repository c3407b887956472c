import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import bwipjs from 'bwip-js/node';
import { createHash, randomBytes } from 'node:crypto';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side of now is accepted (a phone clock 30 s off still works). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new 160-bit secret, as the Base32 text authenticator apps take. */
export function newTotpSecret(): string {
  return base32.encode(randomBytes(20), { padding: false });
}

function otpFor(secret: string) {
  return createOTP(base32.decode(secret), { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

export function totpStep(now: number): number {
  return Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
}

/**
 * The time step `code` is valid for, within the window around `now`, or null. better-auth's own
 * TOTP primitives compute each step's code; the step itself is what replay protection stores.
 */
export async function matchTotpStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const otp = otpFor(secret);
  const current = totpStep(now);
  let matched: number | null = null;
  for (let offset = -TOTP_WINDOW; offset <= TOTP_WINDOW; offset++) {
    // Every step is computed, whichever matches, so the time taken does not tell which did.
    if ((await otp.hotp(current + offset)) === code && matched === null) matched = current + offset;
  }
  return matched;
}

export function totpUri(secret: string, issuer: string, accountName: string): string {
  return otpFor(secret).url(issuer, accountName);
}

/** The otpauth URI as a QR code, an SVG document (bwip-js, as the price labels use). */
export function qrCodeSvg(text: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text, scale: 4, eclevel: 'M', paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' } as never);
}

/** Ten codes like `7KQ2-M9XD-4TPA`, from an alphabet without 0/O or 1/I. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Recovery codes carry 60 random bits: a plain SHA-256 is enough to keep them unreadable at rest. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
