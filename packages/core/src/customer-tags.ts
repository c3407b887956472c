import { z } from 'zod';
import { singleLine } from './plain-text.ts';

/**
 * Customer tags (issue 20 item 7, decision 065): short labels a business gives its customers
 * ("vip", "wholesale"), kept lower-cased, distinct and sorted so "VIP" and "vip " are one tag.
 * Marketing segments can pick customers by them.
 */
export const CUSTOMER_TAG_MAX_LENGTH = 40;
export const CUSTOMER_TAGS_MAX = 20;

export const customerTag = singleLine(z.string().trim().min(1, 'A tag needs a name').max(CUSTOMER_TAG_MAX_LENGTH, `A tag has at most ${CUSTOMER_TAG_MAX_LENGTH} characters`)).transform((tag) =>
  tag.toLowerCase().replace(/\s+/g, ' '),
);

/** The tags a customer is given: stored normalised (see `normalizeTags`). */
export const customerTagsInput = z
  .array(customerTag)
  .max(CUSTOMER_TAGS_MAX * 2)
  .transform(normalizeTags)
  .refine((tags) => tags.length <= CUSTOMER_TAGS_MAX, `At most ${CUSTOMER_TAGS_MAX} tags`);

/** Lower-cased, inner spaces collapsed, trimmed, empty ones dropped, each once, sorted. */
export function normalizeTags(tags: readonly string[]): string[] {
  const clean = tags.map((tag) => tag.trim().toLowerCase().replace(/\s+/g, ' ')).filter((tag) => tag.length > 0);
  return [...new Set(clean)].sort();
}

/** "vip, Wholesale , vip" (what a person types in one field) → ["vip", "wholesale"]. */
export function parseTagList(text: string): string[] {
  return normalizeTags(text.split(','));
}
