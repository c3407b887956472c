import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Files are served through signed URLs: anyone holding the URL may read the file until it
 * expires, nobody can make one up. HMAC-SHA256 over the key and the expiry, keyed by the
 * server secret.
 */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
/**
 * The expiry is rounded to a half-hour step so that the same file keeps the same URL for a
 * while (browsers cache it) and a URL is never valid for more than an hour.
 */
const STEP_SECONDS = 30 * 60;

function signatureOf(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`till-file\n${key}\n${expires}`).digest('base64url');
}

export function fileUrlPath(key: string): string {
  return `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function signFileUrl(secret: string, key: string, now: Date = new Date()): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expires = Math.floor(nowSeconds / STEP_SECONDS) * STEP_SECONDS + SIGNED_URL_TTL_SECONDS;
  return `${fileUrlPath(key)}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`;
}

export function verifyFileSignature(secret: string, key: string, expires: number, signature: string, now: Date = new Date()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now.getTime()) return false;
  // A URL claiming to live longer than any URL we hand out was not made by us.
  if (expires * 1000 > now.getTime() + SIGNED_URL_TTL_SECONDS * 1000) return false;
  const expected = Buffer.from(signatureOf(secret, key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Turns a product's image key into the URL its view carries. */
export type FileUrlSigner = (key: string) => string;

export function fileUrlSigner(secret: string, now: Date = new Date()): FileUrlSigner {
  return (key) => signFileUrl(secret, key, now);
}
