import { describe, expect, it } from 'vitest';
import {
  attributionWindow,
  campaignEmailText,
  describeSegment,
  isAttributed,
  matchesSegment,
  rulesFromWire,
  rulesToWire,
  segmentBounds,
  segmentRulesSchema,
  segmentRulesWire,
  type SegmentRules,
} from './marketing.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('segment rules', () => {
  const ann = { totalSpent: 6000, orderCount: 2, lastVisitAt: daysAgo(1), tags: ['vip', 'wholesale'] };
  const bob = { totalSpent: 2000, orderCount: 1, lastVisitAt: daysAgo(40), tags: ['staff'] };
  const cy = { totalSpent: 0, orderCount: 0, lastVisitAt: null };
  it.each<[string, SegmentRules, boolean[]]>([
    ['no rules: everyone', {}, [true, true, true]],
    ['spent over 50 (5001+)', { minSpent: 5001 }, [true, false, false]],
    ['spent exactly the minimum counts', { minSpent: 2000 }, [true, true, false]],
    ['spent at most 20', { maxSpent: 2000 }, [false, true, true]],
    ['never visited', { maxVisits: 0 }, [false, false, true]],
    ['at least two visits', { minVisits: 2 }, [true, false, false]],
    ['visited in the last 30 days', { lastVisitWithinDays: 30 }, [true, false, false]],
    ['no visit for 30 days (having visited)', { lastVisitMoreThanDays: 30 }, [false, true, false]],
    ['rules combine with AND', { minVisits: 1, maxSpent: 2000 }, [false, true, false]],
    ['has a tag', { anyTags: ['vip'] }, [true, false, false]],
    ['has any of the tags, in any case', { anyTags: ['Staff', 'WHOLESALE'] }, [true, true, false]],
    ['a tag nobody has', { anyTags: ['press'] }, [false, false, false]],
    ['tags and spend together', { anyTags: ['vip', 'staff'], minSpent: 5001 }, [true, false, false]],
  ])('%s', (_name, rules, expected) => {
    const bounds = segmentBounds(rules, NOW);
    expect([ann, bob, cy].map((stats) => matchesSegment(stats, bounds))).toEqual(expected);
  });

  it('the day boundaries are exact: N days ago to the millisecond', () => {
    const bounds = segmentBounds({ lastVisitWithinDays: 30, lastVisitMoreThanDays: 30 }, NOW);
    expect(bounds.lastVisitFrom).toEqual(daysAgo(30));
    expect(bounds.lastVisitBefore).toEqual(daysAgo(30));
  });

  it.each<[string, unknown, boolean]>([
    ['empty', {}, true],
    ['whole minor units', { minSpent: 5001, maxVisits: 3 }, true],
    ['fractions of a cent', { minSpent: 10.5 }, false],
    ['a negative spend', { minSpent: -1 }, false],
    ['zero days', { lastVisitWithinDays: 0 }, false],
    ['lowest spend above highest', { minSpent: 500, maxSpent: 100 }, false],
    ['fewest visits above most', { minVisits: 3, maxVisits: 1 }, false],
    ['an unknown rule', { tags: ['vip'] }, false],
    ['any of the tags', { anyTags: ['vip', 'staff'] }, true],
    ['an empty tag list', { anyTags: [] }, false],
    ['a blank tag', { anyTags: ['  '] }, false],
  ])('validates %s', (_name, rules, ok) => {
    expect(segmentRulesSchema.safeParse(rules).success).toBe(ok);
  });

  it.each<[SegmentRules, string]>([
    [{}, 'Every customer'],
    [{ minSpent: 5001 }, 'Spent at least $50.01'],
    [{ minSpent: 100, maxSpent: 200, minVisits: 1 }, 'Spent $1.00–$2.00 · At least 1 visit'],
    [{ lastVisitMoreThanDays: 60 }, 'No visit for 60 days'],
    [{ anyTags: ['vip'] }, 'Tagged vip'],
    [{ anyTags: ['vip', 'staff'], maxVisits: 0 }, 'At most 0 visits · Tagged any of vip, staff'],
  ])('describes %j as "%s"', (rules, text) => {
    expect(describeSegment(rules, (minor) => `$${(minor / 100).toFixed(2)}`)).toBe(text);
  });
});

describe('attribution window', () => {
  const sentAt = new Date('2026-11-01T09:00:00Z');
  const window = attributionWindow(sentAt, 7);
  it.each<[string, string, boolean]>([
    ['just before the send', '2026-11-01T08:59:59.999Z', false],
    ['at the send', '2026-11-01T09:00:00.000Z', true],
    ['six days later', '2026-11-07T12:00:00Z', true],
    ['the last millisecond of day 7', '2026-11-08T08:59:59.999Z', true],
    ['exactly 7 days later', '2026-11-08T09:00:00.000Z', false],
  ])('a sale %s: %s', (_name, at, expected) => {
    expect(isAttributed(new Date(at), window)).toBe(expected);
  });
});

describe('campaign e-mail', () => {
  it('ends with who sends it and the unsubscribe link; the tracked link only when there is one', () => {
    const text = campaignEmailText({ body: 'Ten percent off.\n', businessName: 'Corner Shop', trackedLink: 'https://t/l', unsubscribeLink: 'https://t/u' });
    expect(text).toBe('Ten percent off.\n\nOpen: https://t/l\n\n--\nYou get this e-mail as a customer of Corner Shop.\nUnsubscribe: https://t/u\n');
    expect(campaignEmailText({ body: 'Hi', businessName: 'B', trackedLink: null, unsubscribeLink: 'u' })).not.toContain('Open:');
  });
});

describe('segment rules on the wire (decision 070: snake_case)', () => {
  it.each<[string, SegmentRules, Record<string, unknown>]>([
    ['no rule', {}, {}],
    ['spend and visits', { minSpent: 100, maxSpent: 900, minVisits: 1, maxVisits: 3 }, { min_spent: 100, max_spent: 900, min_visits: 1, max_visits: 3 }],
    ['last visit and tags', { lastVisitWithinDays: 30, lastVisitMoreThanDays: 7, anyTags: ['vip'] }, { last_visit_within_days: 30, last_visit_more_than_days: 7, any_tags: ['vip'] }],
  ])('%s: the same rules both ways, a rule left out stays out', (_label, rules, wire) => {
    expect(rulesToWire(rules)).toEqual(wire);
    expect(rulesFromWire(segmentRulesWire.parse(wire))).toEqual(rules);
  });

  it('refuses on the wire what the rules refuse, naming the snake_case field', () => {
    const refused = segmentRulesWire.safeParse({ min_spent: 500, max_spent: 100 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['max_spent']);
    expect(segmentRulesWire.safeParse({ minSpent: 1 }).success).toBe(false);
  });
});
