import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRebate, rebateAgreementInputSchema, rebateTermsProblem, type RebateTerms } from './rebates.ts';

const A = 'a';
const B = 'b';

describe('evaluateRebate', () => {
  const percentBySpend: RebateTerms = { kind: 'percent', basis: 'spend', tiers: [{ threshold: 10_000, value: 200 }, { threshold: 50_000, value: 500 }] };
  const perUnitByQuantity: RebateTerms = { kind: 'per_unit', basis: 'quantity', tiers: [{ threshold: 100, value: 10 }] };

  it.each([
    // name, terms, lines, earned, tierIndex, next missing
    ['below the first threshold earns nothing', percentBySpend, [{ productId: A, quantity: 10, unitCost: 500 }], 0, null, 5_000],
    ['exactly at the threshold earns its rate', percentBySpend, [{ productId: A, quantity: 20, unitCost: 500 }], 200, 0, 40_000],
    ['the highest tier reached applies to all', percentBySpend, [{ productId: A, quantity: 100, unitCost: 300 }, { productId: B, quantity: 50, unitCost: 400 }], 2_500, 1, null],
    ['per unit above a quantity', perUnitByQuantity, [{ productId: A, quantity: 60, unitCost: 100 }, { productId: B, quantity: 40, unitCost: 50 }], 1_000, 0, null],
    ['per unit below the quantity', perUnitByQuantity, [{ productId: A, quantity: 99, unitCost: 100 }], 0, null, 1],
    ['a per-unit amount above the cost pays back the cost only', { kind: 'per_unit', basis: 'quantity', tiers: [{ threshold: 0, value: 1_000 }] } as RebateTerms, [{ productId: A, quantity: 3, unitCost: 400 }], 1_200, 0, null],
    ['no purchases', percentBySpend, [], 0, null, 10_000],
  ] as const)('%s', (_name, terms, lines, earned, tierIndex, missing) => {
    const result = evaluateRebate(terms, lines);
    expect(result.earned).toBe(earned);
    expect(result.tierIndex).toBe(tierIndex);
    expect(result.next?.missing ?? null).toBe(missing);
  });

  it('rounds each product once, half away from zero, and gives the effective unit cost', () => {
    // 2 % of 3 × 333 = 999 → 19.98 → 20; effective (999 − 20) / 3 = 326.33 → 326
    const result = evaluateRebate({ kind: 'percent', basis: 'spend', tiers: [{ threshold: 0, value: 200 }] }, [{ productId: A, quantity: 3, unitCost: 333 }]);
    expect(result.products).toEqual([{ productId: A, quantity: 3, spend: 999, rebate: 20, averageUnitCost: 333, effectiveUnitCost: 326 }]);
  });

  it('prices the next tier at today’s average unit cost', () => {
    const result = evaluateRebate(percentBySpend, [{ productId: A, quantity: 20, unitCost: 500 }]);
    // 40,000 more to spend; at 5 % the period's 50,000 would pay back 2,500: 2,300 more than today.
    expect(result.next).toEqual({ tierIndex: 1, threshold: 50_000, missing: 40_000, rebateAtNext: 2_500, gain: 2_300 });
    const byQuantity = evaluateRebate({ kind: 'percent', basis: 'quantity', tiers: [{ threshold: 10, value: 1_000 }] }, [{ productId: A, quantity: 4, unitCost: 250 }]);
    expect(byQuantity.next).toEqual({ tierIndex: 0, threshold: 10, missing: 6, rebateAtNext: 250, gain: 250 });
    expect(evaluateRebate(percentBySpend, []).next?.rebateAtNext).toBeNull();
  });

  it('refuses terms that break the rules', () => {
    expect(() => evaluateRebate({ kind: 'percent', basis: 'spend', tiers: [] }, [])).toThrow(RangeError);
    expect(() => evaluateRebate(percentBySpend, [{ productId: A, quantity: -1, unitCost: 1 }])).toThrow(RangeError);
  });

  const lineArb = fc.record({ productId: fc.constantFrom(A, B, 'c'), quantity: fc.integer({ min: 0, max: 100_000 }), unitCost: fc.integer({ min: 0, max: 10_000_000 }) });
  const termsArb = fc
    .record({
      kind: fc.constantFrom('percent' as const, 'per_unit' as const),
      basis: fc.constantFrom('quantity' as const, 'spend' as const),
      tiers: fc.uniqueArray(fc.record({ threshold: fc.integer({ min: 0, max: 10_000_000 }), value: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 5, selector: (tier) => tier.threshold }),
    })
    .map((terms) => {
      const thresholds = terms.tiers.map((tier) => tier.threshold).sort((x, y) => x - y);
      const values = terms.tiers.map((tier) => tier.value).sort((x, y) => x - y);
      return { ...terms, tiers: thresholds.map((threshold, index) => ({ threshold, value: values[index]! })) };
    });

  it('never pays back more than was spent, in all or per product (property)', () => {
    fc.assert(
      fc.property(termsArb, fc.array(lineArb, { maxLength: 20 }), (terms, lines) => {
        const result = evaluateRebate(terms, lines);
        expect(result.earned).toBeGreaterThanOrEqual(0);
        expect(result.earned).toBeLessThanOrEqual(result.spend);
        for (const product of result.products) {
          expect(product.rebate).toBeLessThanOrEqual(product.spend);
          expect(product.effectiveUnitCost).toBeLessThanOrEqual(product.averageUnitCost);
          expect(product.effectiveUnitCost).toBeGreaterThanOrEqual(0);
        }
        if (result.next?.rebateAtNext != null) expect(result.next.rebateAtNext).toBeGreaterThanOrEqual(result.earned);
      }),
    );
  });

  it('never earns less for buying more (property)', () => {
    fc.assert(
      fc.property(termsArb, fc.array(lineArb, { maxLength: 20 }), lineArb, (terms, lines, extra) => {
        expect(evaluateRebate(terms, [...lines, extra]).earned).toBeGreaterThanOrEqual(evaluateRebate(terms, lines).earned);
      }),
    );
  });
});

describe('rebate agreement input', () => {
  const base = { supplier_id: '00000000-0000-4000-8000-000000000001', name: 'Volume 2026', kind: 'percent', basis: 'spend', starts_on: '2026-01-01', ends_on: '2026-12-31' };

  it.each([
    ['falling rates', [{ threshold: 0, value: 500 }, { threshold: 100, value: 200 }], 'A higher tier pays back at least as much as the one before'],
    ['thresholds out of order', [{ threshold: 100, value: 200 }, { threshold: 100, value: 300 }], 'Each tier starts above the one before'],
    ['over 100 %', [{ threshold: 0, value: 10_001 }], 'A percentage is at most 100 %'],
  ])('refuses %s', (_name, tiers, message) => {
    const parsed = rebateAgreementInputSchema.safeParse({ ...base, tiers });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a period that ends before it starts, and takes a good agreement', () => {
    expect(rebateAgreementInputSchema.safeParse({ ...base, ends_on: '2025-12-31', tiers: [{ threshold: 0, value: 100 }] }).success).toBe(false);
    expect(rebateAgreementInputSchema.safeParse({ ...base, tiers: [{ threshold: 0, value: 100 }] }).success).toBe(true);
    expect(rebateTermsProblem({ kind: 'per_unit', basis: 'quantity', tiers: [{ threshold: 0, value: 20_000 }] })).toBeNull();
  });
});
