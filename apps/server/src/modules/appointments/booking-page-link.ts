import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The public booking page's link (decision 040): `/book/<slug>`, the slug being the business id
 * (16 bytes, base64url), a dot, and the page's random `link_key`. The id says which business's
 * fenced transaction to open; the key, compared in constant time, proves the link was given out.
 * A made-up or stale slug, or one whose page is off, is the same 404.
 */
export const PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR = 20;

export const newLinkKey = () => randomBytes(16).toString('base64url');

export function bookingSlug(businessId: string, linkKey: string): string {
  return `${Buffer.from(businessId.replaceAll('-', ''), 'hex').toString('base64url')}.${linkKey}`;
}

const SLUG = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

export function readBookingSlug(slug: string): { businessId: string; linkKey: string } | null {
  const match = SLUG.exec(slug);
  if (!match) return null;
  const hex = Buffer.from(match[1]!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return { businessId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, linkKey: match[2]! };
}

export function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const bookingPath = (businessId: string, linkKey: string) => `/book/${bookingSlug(businessId, linkKey)}`;
