import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The links of a marketing e-mail (decision 051): the claim (purpose, business, the row it names)
 * in base64url, a dot, and its HMAC-SHA256 under the server secret. Nobody can make one up or point
 * one at another business's customer. They do not expire: an unsubscribe link must keep working.
 * - unsubscribe: names the customer, so it is honoured for every later campaign;
 * - click: names the recipient row of one campaign, whose clicks it counts.
 */
export type LinkPurpose = 'unsubscribe' | 'click';

export interface LinkClaim {
  businessId: string;
  /** The customer (unsubscribe) or the recipient row (click). */
  id: string;
}

const signatureOf = (secret: string, purpose: LinkPurpose, payload: string) => createHmac('sha256', secret).update(`till-marketing-${purpose}\n${payload}`).digest('base64url');

export function signLinkToken(secret: string, purpose: LinkPurpose, claim: LinkClaim): string {
  const payload = Buffer.from(JSON.stringify({ b: claim.businessId, i: claim.id })).toString('base64url');
  return `${payload}.${signatureOf(secret, purpose, payload)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claim when the token is ours and for this purpose; otherwise null. */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: string): LinkClaim | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const expected = Buffer.from(signatureOf(secret, purpose, payload));
  const given = Buffer.from(token.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claim: { b?: unknown; i?: unknown };
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claim;
  } catch {
    return null;
  }
  if (typeof claim.b !== 'string' || !UUID.test(claim.b) || typeof claim.i !== 'string' || !UUID.test(claim.i)) return null;
  return { businessId: claim.b, id: claim.i };
}
