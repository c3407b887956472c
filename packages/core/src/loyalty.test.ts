import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOYALTY_SETTINGS,
  earnEligibleSpend,
  loyaltySettingsProblem,
  loyaltyTier,
  maxPointsPayment,
  nextLoyaltyTier,
  pointsEarned,
  pointsForAmount,
  pointsToReturn,
  pointsToReverse,
  pointsValue,
  type LoyaltySettings,
} from './loyalty.ts';

const settings = DEFAULT_LOYALTY_SETTINGS;
const noTiers: LoyaltySettings = { spendPerPoint: 250, pointValue: 5, tiers: [] };

describe('loyaltyTier and nextLoyaltyTier', () => {
  it.each([
    [0, 'Bronze', 'Silver', 50_000],
    [49_999, 'Bronze', 'Silver', 1],
    [50_000, 'Silver', 'Gold', 150_000],
    [199_999, 'Silver', 'Gold', 1],
    [200_000, 'Gold', null, null],
    [9_000_000, 'Gold', null, null],
  ])('lifetime spend %i is %s, next %s (%s to go)', (spend, tier, next, needed) => {
    expect(loyaltyTier(settings, spend)?.name).toBe(tier);
    const up = nextLoyaltyTier(settings, spend);
    expect(up?.tier.name ?? null).toBe(next);
    expect(up?.spendNeeded ?? null).toBe(needed);
  });
  it('no tiers: no tier', () => {
    expect(loyaltyTier(noTiers, 10)).toBeNull();
    expect(nextLoyaltyTier(noTiers, 10)).toBeNull();
  });
});

describe('pointsEarned', () => {
  it.each([
    ['1 point per 1.00 at Bronze', settings, 1_299, 0, 12],
    ['nothing under one unit', settings, 99, 0, 0],
    ['Silver earns 1.25×, rounded down', settings, 1_299, 50_000, 16],
    ['Gold earns 1.5×', settings, 10_000, 200_000, 150],
    ['no tiers: 1×, one point per 2.50', noTiers, 1_000, 0, 4],
    ['nothing on nothing', settings, 0, 0, 0],
    ['nothing on a negative', settings, -500, 0, 0],
    ['exact at the largest safe spend', settings, Number.MAX_SAFE_INTEGER, 0, Math.floor(Number.MAX_SAFE_INTEGER / 100)],
  ])('%s', (_name, rules, spend, lifetime, expected) => {
    expect(pointsEarned(rules, spend, lifetime)).toBe(expected);
  });
});

describe('earnEligibleSpend', () => {
  it.each([
    [{ total: 5_000, giftCardsSold: 0, paidWithPoints: 0 }, 5_000],
    [{ total: 5_000, giftCardsSold: 2_000, paidWithPoints: 0 }, 3_000],
    [{ total: 5_000, giftCardsSold: 2_000, paidWithPoints: 500 }, 2_500],
    [{ total: 2_000, giftCardsSold: 2_000, paidWithPoints: 0 }, 0],
    [{ total: 100, giftCardsSold: 0, paidWithPoints: 300 }, 0],
  ])('%j earns on %i', (sale, expected) => {
    expect(earnEligibleSpend(sale)).toBe(expected);
  });
});

describe('points at redemption', () => {
  it.each([
    [settings, 250, 250],
    [noTiers, 3, 15],
    [noTiers, 0, 0],
  ])('value of %#', (rules, points, value) => {
    expect(pointsValue(rules, points)).toBe(value);
  });
  it.each([
    [settings, 250, 250],
    [noTiers, 15, 3],
    [noTiers, 16, null],
    [noTiers, 0, null],
    [noTiers, -5, null],
  ])('points for an amount %#', (rules, amount, points) => {
    expect(pointsForAmount(rules, amount)).toBe(points);
  });
  it.each([
    ['balance below what is due', noTiers, 10, 1_000, { points: 10, amount: 50 }],
    ['due below the balance, whole points only', noTiers, 1_000, 52, { points: 10, amount: 50 }],
    ['no balance', noTiers, 0, 52, { points: 0, amount: 0 }],
    ['nothing due', settings, 100, 0, { points: 0, amount: 0 }],
  ])('max payment: %s', (_name, rules, balance, due, expected) => {
    expect(maxPointsPayment(rules, balance, due)).toEqual(expected);
  });
});

describe('pointsToReverse', () => {
  it.each([
    ['half refunded', { earned: 50, orderTotal: 5_000, refundedTotal: 2_500, alreadyReversed: 0 }, 25],
    ['a third, rounded down', { earned: 10, orderTotal: 3_000, refundedTotal: 1_000, alreadyReversed: 0 }, 3],
    ['the rest, exactly, once wholly refunded', { earned: 10, orderTotal: 3_000, refundedTotal: 3_000, alreadyReversed: 3 }, 7],
    ['nothing earned', { earned: 0, orderTotal: 3_000, refundedTotal: 3_000, alreadyReversed: 0 }, 0],
    ['never below what was taken back', { earned: 10, orderTotal: 3_000, refundedTotal: 100, alreadyReversed: 3 }, 0],
  ])('%s', (_name, input, expected) => {
    expect(pointsToReverse(input)).toBe(expected);
  });
});

describe('pointsToReturn', () => {
  it.each([
    ['the whole points payment', { redeemedPoints: 200, paidAmount: 200, refundAmount: 200, alreadyReturned: 0 }, 200],
    ['part, rounded down', { redeemedPoints: 3, paidAmount: 15, refundAmount: 7, alreadyReturned: 0 }, 1],
    ['never more than is left', { redeemedPoints: 3, paidAmount: 15, refundAmount: 15, alreadyReturned: 2 }, 1],
    ['a refund above what points paid gives back only those', { redeemedPoints: 10, paidAmount: 10, refundAmount: 90, alreadyReturned: 0 }, 10],
  ])('%s', (_name, input, expected) => {
    expect(pointsToReturn(input)).toBe(expected);
  });
});

describe('loyaltySettingsProblem', () => {
  const tier = (name: string, minSpend: number) => ({ name, minSpend, multiplierBasisPoints: 10_000 });
  it.each([
    ['the defaults', settings.tiers, null],
    ['no tiers', [], null],
    ['first not at zero', [tier('A', 10)], 'first_tier_not_zero'],
    ['not ascending', [tier('A', 0), tier('B', 10), tier('C', 10)], 'tiers_not_ascending'],
    ['same name', [tier('Gold', 0), tier(' gold', 10)], 'duplicate_tier_name'],
  ])('%s', (_name, tiers, problem) => {
    expect(loyaltySettingsProblem({ spendPerPoint: 100, pointValue: 1, tiers })).toBe(problem);
  });
});
