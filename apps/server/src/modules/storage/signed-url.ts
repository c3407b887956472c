import { createHmac, timingSafeEqual } from 'node:crypto';
import { STORAGE_SIGNED_URL_MAX_SECONDS } from '@till/core';

/**
 * Signed URLs: anyone holding one may read that object until it expires; nobody can make one up
 * or point it at another object. The token is the signed claim (business, bucket, name,
 * expiry, download name) in base64url, a dot, and its HMAC-SHA256 under the server secret.
 */
export interface SignedObjectClaim {
  businessId: string;
  bucket: string;
  name: string;
  /** Unix seconds. */
  expires: number;
  /** Content-Disposition: attachment with this file name. */
  download?: string;
}

const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(`till-storage\n${payload}`).digest('base64url');

export function objectPath(bucket: string, name: string): string {
  return `${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

export function signObjectUrl(secret: string, claim: SignedObjectClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ b: claim.businessId, k: claim.bucket, n: claim.name, e: claim.expires, ...(claim.download ? { d: claim.download } : {}) }),
  ).toString('base64url');
  return `/api/storage/object/sign/${objectPath(claim.bucket, claim.name)}?token=${payload}.${signatureOf(secret, payload)}`;
}

/** The claim when the token is ours, unexpired and names this bucket and object; otherwise null. */
export function verifyObjectToken(secret: string, token: string, bucket: string, name: string, now: Date = new Date()): SignedObjectClaim | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(token.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claim: { b?: unknown; k?: unknown; n?: unknown; e?: unknown; d?: unknown };
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claim;
  } catch {
    return null;
  }
  if (typeof claim.b !== 'string' || claim.k !== bucket || claim.n !== name || typeof claim.e !== 'number' || !Number.isSafeInteger(claim.e)) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (claim.e < nowSeconds || claim.e > nowSeconds + STORAGE_SIGNED_URL_MAX_SECONDS + 60) return null;
  return { businessId: claim.b, bucket, name, expires: claim.e, ...(typeof claim.d === 'string' ? { download: claim.d } : {}) };
}

/** Turns a stored image name into the URL a view carries. */
export type FileUrlSigner = (name: string) => string;

/**
 * Product pictures appear in every catalogue answer: their URLs expire on half-hour steps, an
 * hour or so ahead, so the same picture keeps the same URL for a while and the browser's cache works.
 */
const STEP_SECONDS = 30 * 60;
const PICTURE_TTL_SECONDS = 60 * 60;

export function steppedUrlSigner(secret: string, businessId: string, bucket: string, now: Date = new Date()): FileUrlSigner {
  const expires = Math.floor(Math.floor(now.getTime() / 1000) / STEP_SECONDS) * STEP_SECONDS + PICTURE_TTL_SECONDS;
  return (name) => signObjectUrl(secret, { businessId, bucket, name, expires });
}
