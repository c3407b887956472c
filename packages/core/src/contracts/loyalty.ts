import { z } from 'zod';
import { LOYALTY_LIMITS, loyaltySettingsProblem, type LoyaltySettings } from '../loyalty.ts';
import { singleLine } from '../plain-text.ts';

/**
 * Loyalty settings as the back office sends them (decision 064), snake_case on the wire (decision
 * 070); checked by core loyaltySettingsProblem, which reads TypeScript's casing (loyaltySettingsOf).
 */
export const loyaltyTierInput = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(40)),
  min_spend: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  multiplier_basis_points: z.number().int().min(0).max(LOYALTY_LIMITS.maxMultiplierBasisPoints),
});

const problemMessages = {
  first_tier_not_zero: 'The first tier starts at a lifetime spend of 0',
  tiers_not_ascending: 'Each tier needs a higher lifetime spend than the one before',
  duplicate_tier_name: 'Two tiers have the same name',
} as const;

type LoyaltySettingsWire = {
  spend_per_point: number;
  point_value: number;
  tiers: { name: string; min_spend: number; multiplier_basis_points: number }[];
};

/** The wire's settings (a PUT's body, a GET's answer) as core's rules take them. */
export const loyaltySettingsOf = (wire: LoyaltySettingsWire): LoyaltySettings => ({
  spendPerPoint: wire.spend_per_point,
  pointValue: wire.point_value,
  tiers: wire.tiers.map((tier) => ({ name: tier.name, minSpend: tier.min_spend, multiplierBasisPoints: tier.multiplier_basis_points })),
});

/** Core's rules as the wire names them (decision 070). */
export const loyaltySettingsOnWire = (settings: LoyaltySettings): LoyaltySettingsWire => ({
  spend_per_point: settings.spendPerPoint,
  point_value: settings.pointValue,
  tiers: settings.tiers.map((tier) => ({ name: tier.name, min_spend: tier.minSpend, multiplier_basis_points: tier.multiplierBasisPoints })),
});

export const loyaltySettingsInput = z
  .strictObject({
    spend_per_point: z.number().int().min(1).max(LOYALTY_LIMITS.maxSpendPerPoint),
    point_value: z.number().int().min(1).max(LOYALTY_LIMITS.maxPointValue),
    tiers: z.array(loyaltyTierInput).max(LOYALTY_LIMITS.maxTiers),
  })
  .superRefine((settings, ctx) => {
    const problem = loyaltySettingsProblem(loyaltySettingsOf(settings));
    if (problem) ctx.addIssue({ code: 'custom', path: ['tiers'], message: problemMessages[problem] });
  });
export type LoyaltySettingsInput = z.infer<typeof loyaltySettingsInput>;

export const giftCardCodeInput = z.string().trim().min(1).max(40);
