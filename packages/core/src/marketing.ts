import { z } from 'zod';
import { customerTag, normalizeTags } from './customer-tags.ts';
import { multiLine, singleLine } from './plain-text.ts';

/**
 * Marketing (issue 20 item 7, decision 051): customer segments defined by rules, e-mail campaigns
 * sent once to a segment, and what they brought back. The pure rules and the one contract both
 * sides use.
 */

/** SPEC-free product constants (decision 051). */
export const ATTRIBUTION_DAYS_DEFAULT = 7;
export const ATTRIBUTION_DAYS_MAX = 90;
export const SEGMENT_PREVIEW_SIZE = 25;
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 10_000;
export const SEGMENT_DAYS_MAX = 3650;
const MONEY_MAX = 1_000_000_000_000;

const days = z.number().int('Days are whole days').min(1).max(SEGMENT_DAYS_MAX);
const count = z.number().int().min(0).max(1_000_000);
const minor = z.number().int('Amounts are whole minor units (cents): no fractions').min(0).max(MONEY_MAX);

/**
 * A segment's rules; every rule given must hold (AND), none given means every customer. Money is
 * spent less refunds on paid orders (the customers screen's "spent"); a visit is a paid order.
 */
export const segmentRulesSchema = z
  .strictObject({
    minSpent: minor.optional(),
    maxSpent: minor.optional(),
    minVisits: count.optional(),
    maxVisits: count.optional(),
    /** Last visit within the last N days. */
    lastVisitWithinDays: days.optional(),
    /** Last visit more than N days ago (customers who have visited, but not lately). */
    lastVisitMoreThanDays: days.optional(),
    /** The customer has at least one of these tags (decision 065); one tag is "has tag". */
    anyTags: z.array(customerTag).min(1, 'Pick at least one tag').max(20).optional(),
  })
  .refine((rules) => rules.minSpent === undefined || rules.maxSpent === undefined || rules.minSpent <= rules.maxSpent, {
    message: 'The lowest spend is above the highest',
    path: ['maxSpent'],
  })
  .refine((rules) => rules.minVisits === undefined || rules.maxVisits === undefined || rules.minVisits <= rules.maxVisits, {
    message: 'The fewest visits is above the most',
    path: ['maxVisits'],
  });
export type SegmentRules = z.infer<typeof segmentRulesSchema>;

/** A segment's rules as the wire carries them (decision 070: snake_case); the same rules as segmentRulesSchema. */
export const segmentRulesWire = z
  .strictObject({
    min_spent: minor.optional(),
    max_spent: minor.optional(),
    min_visits: count.optional(),
    max_visits: count.optional(),
    /** Last visit within the last N days. */
    last_visit_within_days: days.optional(),
    /** Last visit more than N days ago (customers who have visited, but not lately). */
    last_visit_more_than_days: days.optional(),
    /** The customer has at least one of these tags (decision 065); one tag is "has tag". */
    any_tags: z.array(customerTag).min(1, 'Pick at least one tag').max(20).optional(),
  })
  .refine((rules) => rules.min_spent === undefined || rules.max_spent === undefined || rules.min_spent <= rules.max_spent, {
    message: 'The lowest spend is above the highest',
    path: ['max_spent'],
  })
  .refine((rules) => rules.min_visits === undefined || rules.max_visits === undefined || rules.min_visits <= rules.max_visits, {
    message: 'The fewest visits is above the most',
    path: ['max_visits'],
  });
export type SegmentRulesWire = z.infer<typeof segmentRulesWire>;

const RULE_NAMES = [
  ['minSpent', 'min_spent'],
  ['maxSpent', 'max_spent'],
  ['minVisits', 'min_visits'],
  ['maxVisits', 'max_visits'],
  ['lastVisitWithinDays', 'last_visit_within_days'],
  ['lastVisitMoreThanDays', 'last_visit_more_than_days'],
  ['anyTags', 'any_tags'],
] as const;

/** The wire's rules (snake_case) as the rules take them; a rule left out stays out. */
export function rulesFromWire(wire: SegmentRulesWire): SegmentRules {
  const rules: Record<string, unknown> = {};
  for (const [inside, outside] of RULE_NAMES) if (wire[outside] !== undefined) rules[inside] = wire[outside];
  return rules as SegmentRules;
}

/** Rules as the wire carries them (snake_case); a rule left out stays out. */
export function rulesToWire(rules: SegmentRules): SegmentRulesWire {
  const wire: Record<string, unknown> = {};
  for (const [inside, outside] of RULE_NAMES) if (rules[inside] !== undefined) wire[outside] = rules[inside];
  return wire as SegmentRulesWire;
}

/** The rules as bounds a query can use, relative to `now`. */
export interface SegmentBounds {
  minSpent: number | null;
  maxSpent: number | null;
  minVisits: number | null;
  maxVisits: number | null;
  /** The last visit is at or after this instant. */
  lastVisitFrom: Date | null;
  /** The last visit is before this instant. */
  lastVisitBefore: Date | null;
  /** The customer has one of these (normalised) tags. */
  anyTags: string[] | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function segmentBounds(rules: SegmentRules, now: Date): SegmentBounds {
  return {
    minSpent: rules.minSpent ?? null,
    maxSpent: rules.maxSpent ?? null,
    minVisits: rules.minVisits ?? null,
    maxVisits: rules.maxVisits ?? null,
    lastVisitFrom: rules.lastVisitWithinDays === undefined ? null : new Date(now.getTime() - rules.lastVisitWithinDays * DAY_MS),
    lastVisitBefore: rules.lastVisitMoreThanDays === undefined ? null : new Date(now.getTime() - rules.lastVisitMoreThanDays * DAY_MS),
    anyTags: rules.anyTags === undefined ? null : normalizeTags(rules.anyTags),
  };
}

export interface CustomerMarketingStats {
  totalSpent: number;
  orderCount: number;
  lastVisitAt: Date | null;
  tags?: readonly string[];
}

/** Whether a customer's figures fall in the segment (the repository asks the same in SQL). */
export function matchesSegment(stats: CustomerMarketingStats, bounds: SegmentBounds): boolean {
  if (bounds.minSpent !== null && stats.totalSpent < bounds.minSpent) return false;
  if (bounds.maxSpent !== null && stats.totalSpent > bounds.maxSpent) return false;
  if (bounds.minVisits !== null && stats.orderCount < bounds.minVisits) return false;
  if (bounds.maxVisits !== null && stats.orderCount > bounds.maxVisits) return false;
  if (bounds.lastVisitFrom !== null && (stats.lastVisitAt === null || stats.lastVisitAt < bounds.lastVisitFrom)) return false;
  if (bounds.lastVisitBefore !== null && (stats.lastVisitAt === null || stats.lastVisitAt >= bounds.lastVisitBefore)) return false;
  if (bounds.anyTags !== null && !bounds.anyTags.some((tag) => stats.tags?.includes(tag))) return false;
  return true;
}

/** The sales a campaign is credited with: recipients' paid orders from the send until N days after. */
export function attributionWindow(sentAt: Date, attributionDays: number): { from: Date; until: Date } {
  return { from: sentAt, until: new Date(sentAt.getTime() + attributionDays * DAY_MS) };
}

/** A sale at `at` counts for the campaign when it falls in the window (from inclusive, until exclusive). */
export function isAttributed(at: Date, window: { from: Date; until: Date }): boolean {
  return at >= window.from && at < window.until;
}

/** The rules in words, for lists ("Spent at least 50.00 · 3+ visits"). `money` formats minor units. */
export function describeSegment(rules: SegmentRules, money: (minor: number) => string): string {
  const parts: string[] = [];
  if (rules.minSpent !== undefined && rules.maxSpent !== undefined) parts.push(`Spent ${money(rules.minSpent)}–${money(rules.maxSpent)}`);
  else if (rules.minSpent !== undefined) parts.push(`Spent at least ${money(rules.minSpent)}`);
  else if (rules.maxSpent !== undefined) parts.push(`Spent at most ${money(rules.maxSpent)}`);
  if (rules.minVisits !== undefined && rules.maxVisits !== undefined) parts.push(`${rules.minVisits}–${rules.maxVisits} visits`);
  else if (rules.minVisits !== undefined) parts.push(`At least ${rules.minVisits} visit${rules.minVisits === 1 ? '' : 's'}`);
  else if (rules.maxVisits !== undefined) parts.push(`At most ${rules.maxVisits} visit${rules.maxVisits === 1 ? '' : 's'}`);
  if (rules.lastVisitWithinDays !== undefined) parts.push(`Visited in the last ${rules.lastVisitWithinDays} days`);
  if (rules.lastVisitMoreThanDays !== undefined) parts.push(`No visit for ${rules.lastVisitMoreThanDays} days`);
  if (rules.anyTags !== undefined) parts.push(rules.anyTags.length === 1 ? `Tagged ${rules.anyTags[0]}` : `Tagged any of ${rules.anyTags.join(', ')}`);
  return parts.length ? parts.join(' · ') : 'Every customer';
}

// --- contract -------------------------------------------------------------------------------------

export const segmentInput = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'Name the segment').max(120)),
  rules: segmentRulesWire,
});

export const segmentPreviewInput = z.strictObject({ rules: segmentRulesWire });

export const campaignInput = z.strictObject({
  segment_id: z.uuid(),
  subject: singleLine(z.string().trim().min(1, 'Write a subject').max(CAMPAIGN_SUBJECT_MAX)),
  body: multiLine(z.string().trim().min(1, 'Write the message').max(CAMPAIGN_BODY_MAX)),
  link_url: z
    .url({ protocol: /^https?$/, message: 'The link is a web address starting with https:// or http://' })
    .max(2000)
    .nullable()
    .optional(),
  attribution_days: z.number().int().min(1).max(ATTRIBUTION_DAYS_MAX).default(ATTRIBUTION_DAYS_DEFAULT),
});

export const sendCampaignInput = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
});

/** The plain-text e-mail a recipient gets: the body, the tracked link, and the unsubscribe link. */
export function campaignEmailText(input: { body: string; businessName: string; trackedLink: string | null; unsubscribeLink: string }): string {
  return [
    input.body.trim(),
    '',
    ...(input.trackedLink ? [`Open: ${input.trackedLink}`, ''] : []),
    '--',
    `You get this e-mail as a customer of ${input.businessName}.`,
    `Unsubscribe: ${input.unsubscribeLink}`,
    '',
  ].join('\n');
}
