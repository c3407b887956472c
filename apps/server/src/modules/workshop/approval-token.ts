import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The customer's approval link (decision 030): the claim (business, approval, expiry) in
 * base64url, a dot, and its HMAC-SHA256 under the server secret. Nobody can make one up or point
 * one at another business's estimate; the approval row it names decides the rest.
 */
export interface ApprovalClaim {
  businessId: string;
  approvalId: string;
  /** Unix seconds. */
  expires: number;
}

const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(`till-repair-approval\n${payload}`).digest('base64url');

export function signApprovalToken(secret: string, claim: ApprovalClaim): string {
  const payload = Buffer.from(JSON.stringify({ b: claim.businessId, a: claim.approvalId, e: claim.expires })).toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claim when the token is ours (expired or not: the caller says which); otherwise null. */
export function verifyApprovalToken(secret: string, token: string): ApprovalClaim | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(token.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claim: { b?: unknown; a?: unknown; e?: unknown };
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claim;
  } catch {
    return null;
  }
  if (typeof claim.b !== 'string' || !UUID.test(claim.b) || typeof claim.a !== 'string' || !UUID.test(claim.a) || typeof claim.e !== 'number' || !Number.isSafeInteger(claim.e)) return null;
  return { businessId: claim.b, approvalId: claim.a, expires: claim.e };
}

export const approvalPath = (secret: string, claim: ApprovalClaim) => `/repair-approval/${signApprovalToken(secret, claim)}`;
