import { z } from 'zod';
import { LOYALTY_LIMITS, loyaltySettingsProblem } from '../loyalty.ts';
import { singleLine } from '../plain-text.ts';

/** Loyalty settings as the back office sends them (decision 064); checked by core loyaltySettingsProblem. */
export const loyaltyTierInput = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(40)),
  minSpend: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  multiplierBasisPoints: z.number().int().min(0).max(LOYALTY_LIMITS.maxMultiplierBasisPoints),
});

const problemMessages = {
  first_tier_not_zero: 'The first tier starts at a lifetime spend of 0',
  tiers_not_ascending: 'Each tier needs a higher lifetime spend than the one before',
  duplicate_tier_name: 'Two tiers have the same name',
} as const;

export const loyaltySettingsInput = z
  .strictObject({
    spendPerPoint: z.number().int().min(1).max(LOYALTY_LIMITS.maxSpendPerPoint),
    pointValue: z.number().int().min(1).max(LOYALTY_LIMITS.maxPointValue),
    tiers: z.array(loyaltyTierInput).max(LOYALTY_LIMITS.maxTiers),
  })
  .superRefine((settings, ctx) => {
    const problem = loyaltySettingsProblem(settings);
    if (problem) ctx.addIssue({ code: 'custom', path: ['tiers'], message: problemMessages[problem] });
  });
export type LoyaltySettingsInput = z.infer<typeof loyaltySettingsInput>;

export const giftCardCodeInput = z.string().trim().min(1).max(40);
