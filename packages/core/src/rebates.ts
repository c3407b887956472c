import { z } from 'zod';
import { isoDateInput } from './date-input.ts';
import { divideRounded, type Minor } from './money.ts';
import { multiLine, singleLine } from './plain-text.ts';

/**
 * Supplier rebates (issue 13 item 5, /rebates-test): an agreement with a supplier pays back a
 * percentage of the spend, or an amount per unit bought, once the purchases within a period reach
 * a quantity or spend threshold. An agreement has one to five tiers; the highest tier reached
 * applies to every qualifying purchase of the period (a retroactive rebate, the usual kind).
 *
 * Money is integer minor units; a percentage is in basis points (250 = 2.5 %). Per product, the
 * rebate is rounded once, half away from zero (core's `divideRounded`), and never more than what
 * the product cost (an amount per unit above the unit cost pays back the cost, not more).
 */
export const REBATE_KINDS = ['percent', 'per_unit'] as const;
export type RebateKind = (typeof REBATE_KINDS)[number];
export const REBATE_BASES = ['quantity', 'spend'] as const;
export type RebateBasis = (typeof REBATE_BASES)[number];

export const REBATE_KIND_LABELS: Record<RebateKind, string> = { percent: 'A percentage of the spend', per_unit: 'An amount per unit' };
export const REBATE_BASIS_LABELS: Record<RebateBasis, string> = { quantity: 'Units bought', spend: 'Amount spent' };

export const REBATE_MAX_TIERS = 5;
/** Thresholds and per-unit amounts are capped well inside bigint and 2^53 (a typo guard). */
export const REBATE_AMOUNT_MAX = 1_000_000_000_000;

export interface RebateTier {
  /** Units (quantity basis) or minor units spent (spend basis) from which this tier applies. */
  threshold: number;
  /** Basis points (percent) or minor units per unit (per_unit). */
  value: number;
}

export interface RebateTerms {
  kind: RebateKind;
  basis: RebateBasis;
  tiers: readonly RebateTier[];
}

const tierSchema = z.strictObject({
  threshold: z.number().int('Thresholds are whole numbers').min(0, 'A threshold is 0 or more').max(REBATE_AMOUNT_MAX),
  value: z.number().int('Rates are whole numbers (basis points or minor units)').min(1, 'A tier pays back something').max(REBATE_AMOUNT_MAX),
});

/** What a tier list must keep: thresholds rising, rates never falling (so buying more never earns less), percentages at most 100 %. */
export function rebateTermsProblem(terms: RebateTerms): string | null {
  if (terms.tiers.length === 0) return 'Add at least one tier';
  for (let index = 1; index < terms.tiers.length; index += 1) {
    const previous = terms.tiers[index - 1]!;
    const tier = terms.tiers[index]!;
    if (tier.threshold <= previous.threshold) return 'Each tier starts above the one before';
    if (tier.value < previous.value) return 'A higher tier pays back at least as much as the one before';
  }
  if (terms.kind === 'percent' && terms.tiers.some((tier) => tier.value > 10_000)) return 'A percentage is at most 100 %';
  return null;
}

/** The agreement as the API takes it (create, update, try), in the wire's names (decision 070). Dates are calendar days in the business's time zone, both included. */
export const rebateAgreementInputSchema = z
  .strictObject({
    supplier_id: z.uuid(),
    name: singleLine(z.string().trim().min(1, 'Give the agreement a name').max(120)),
    kind: z.enum(REBATE_KINDS),
    basis: z.enum(REBATE_BASES),
    tiers: z.array(tierSchema).min(1, 'Add at least one tier').max(REBATE_MAX_TIERS, `At most ${REBATE_MAX_TIERS} tiers`),
    starts_on: isoDateInput(),
    ends_on: isoDateInput(),
    /** Only these products count; null or empty: everything bought from the supplier. */
    product_ids: z.array(z.uuid()).max(500).nullable().optional(),
    notes: multiLine(z.string().max(2000)).nullable().optional(),
  })
  .superRefine((input, context) => {
    if (input.ends_on < input.starts_on) context.addIssue({ code: 'custom', path: ['ends_on'], message: 'The period ends on or after its first day' });
    const problem = rebateTermsProblem(input);
    if (problem) context.addIssue({ code: 'custom', path: ['tiers'], message: problem });
  });
export type RebateAgreementWire = z.infer<typeof rebateAgreementInputSchema>;

/** The agreement in TypeScript's names, as the server's use-cases take it. */
export interface RebateAgreementInput {
  supplierId: string;
  name: string;
  kind: RebateKind;
  basis: RebateBasis;
  tiers: RebateTier[];
  startsOn: string;
  endsOn: string;
  productIds?: string[] | null | undefined;
  notes?: string | null | undefined;
}

export const rebateAgreementFromWire = (input: RebateAgreementWire): RebateAgreementInput => ({
  supplierId: input.supplier_id,
  name: input.name,
  kind: input.kind,
  basis: input.basis,
  tiers: input.tiers,
  startsOn: input.starts_on,
  endsOn: input.ends_on,
  productIds: input.product_ids,
  notes: input.notes,
});

export interface RebatePurchaseLine {
  productId: string;
  quantity: number;
  /** Minor units per unit, before tax. */
  unitCost: Minor;
}

export interface RebateProductResult {
  productId: string;
  quantity: number;
  spend: Minor;
  rebate: Minor;
  /** Average unit cost paid, and after the rebate earned (rounded once each). */
  averageUnitCost: Minor;
  effectiveUnitCost: Minor;
}

export interface RebateResult {
  quantity: number;
  spend: Minor;
  /** The tier reached (index into tiers), or null below the first threshold. */
  tierIndex: number | null;
  earned: Minor;
  products: RebateProductResult[];
  /** The next tier up, if any: how far away it is and what it would pay in all. */
  next: {
    tierIndex: number;
    threshold: number;
    /** Units (quantity basis) or minor units (spend basis) still to buy. */
    missing: number;
    /** The rebate for the period once the missing volume is bought at today's average unit cost; null when nothing was bought yet (no price to go by). */
    rebateAtNext: Minor | null;
    /** rebateAtNext − earned. */
    gain: Minor | null;
  } | null;
}

function productRebate(kind: RebateKind, value: number, quantity: number, spend: Minor): Minor {
  if (quantity <= 0 || spend <= 0) return 0;
  const raw = kind === 'percent' ? divideRounded(BigInt(spend) * BigInt(value), 10_000n) : BigInt(quantity) * BigInt(value);
  return Number(raw < BigInt(spend) ? raw : BigInt(spend));
}

function tierReached(tiers: readonly RebateTier[], volume: number): number | null {
  let reached: number | null = null;
  tiers.forEach((tier, index) => {
    if (volume >= tier.threshold) reached = index;
  });
  return reached;
}

/**
 * Tries an agreement against purchase lines already filtered to its supplier, period and
 * products. Earned never exceeds the spend and never falls when more is bought (the property
 * tests check both); `next` says how much more to buy for the next tier.
 */
export function evaluateRebate(terms: RebateTerms, lines: readonly RebatePurchaseLine[]): RebateResult {
  const problem = rebateTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  const byProduct = new Map<string, { quantity: number; spend: bigint }>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be whole units, not negative');
    if (!Number.isInteger(line.unitCost) || line.unitCost < 0) throw new RangeError('unitCost must be whole minor units, not negative');
    const entry = byProduct.get(line.productId) ?? { quantity: 0, spend: 0n };
    entry.quantity += line.quantity;
    entry.spend += BigInt(line.quantity) * BigInt(line.unitCost);
    byProduct.set(line.productId, entry);
  }
  let quantity = 0;
  let spend = 0n;
  for (const entry of byProduct.values()) {
    quantity += entry.quantity;
    spend += entry.spend;
  }
  const volume = terms.basis === 'quantity' ? quantity : Number(spend);
  const tierIndex = tierReached(terms.tiers, volume);
  const value = tierIndex === null ? 0 : terms.tiers[tierIndex]!.value;

  const products: RebateProductResult[] = [...byProduct.entries()].map(([productId, entry]) => {
    const productSpend = Number(entry.spend);
    const rebate = tierIndex === null ? 0 : productRebate(terms.kind, value, entry.quantity, productSpend);
    const average = entry.quantity > 0 ? Number(divideRounded(entry.spend, BigInt(entry.quantity))) : 0;
    const effective = entry.quantity > 0 ? Number(divideRounded(entry.spend - BigInt(rebate), BigInt(entry.quantity))) : 0;
    return { productId, quantity: entry.quantity, spend: productSpend, rebate, averageUnitCost: average, effectiveUnitCost: effective };
  });
  const earned = products.reduce((sum, product) => sum + product.rebate, 0);

  const nextIndex = terms.tiers.findIndex((tier) => tier.threshold > volume);
  let next: RebateResult['next'] = null;
  if (nextIndex >= 0) {
    const tier = terms.tiers[nextIndex]!;
    const missing = tier.threshold - volume;
    let rebateAtNext: Minor | null = null;
    if (quantity > 0 && spend > 0n) {
      // The missing volume bought at today's average unit cost, spread like today's purchases: the
      // rebate is the next tier's rate on the whole period's volume, capped at its spend as above.
      const average = divideRounded(spend, BigInt(quantity));
      const extraQuantity = terms.basis === 'quantity' ? BigInt(missing) : average > 0n ? (BigInt(missing) + average - 1n) / average : 0n;
      const extraSpend = terms.basis === 'spend' ? BigInt(missing) : BigInt(missing) * average;
      const totalSpend = spend + extraSpend;
      const totalQuantity = BigInt(quantity) + extraQuantity;
      const raw = terms.kind === 'percent' ? divideRounded(totalSpend * BigInt(tier.value), 10_000n) : totalQuantity * BigInt(tier.value);
      rebateAtNext = Number(raw < totalSpend ? raw : totalSpend);
    }
    next = { tierIndex: nextIndex, threshold: tier.threshold, missing, rebateAtNext, gain: rebateAtNext === null ? null : rebateAtNext - earned };
  }
  return { quantity, spend: Number(spend), tierIndex, earned, products, next };
}

/** "2.5 %" from 250 basis points. */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}
