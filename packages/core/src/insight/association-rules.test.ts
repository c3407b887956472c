import { describe, expect, it } from 'vitest';
import { type AssociationRule, indexRules, mineAssociationRules, oftenBoughtWith } from './association-rules.ts';
import { InsightInputError } from './dates.ts';
import { seededRandom } from './testing/synthetic.ts';

/** Brute-force recount of a rule's figures straight from the baskets. */
function recount<K>(baskets: readonly (readonly K[])[], antecedent: readonly K[], consequent: K) {
  const sets = baskets.map((b) => new Set(b));
  const withA = sets.filter((s) => antecedent.every((p) => s.has(p))).length;
  const withB = sets.filter((s) => s.has(consequent)).length;
  const both = sets.filter((s) => antecedent.every((p) => s.has(p)) && s.has(consequent)).length;
  const n = baskets.length;
  return { count: both, support: both / n, confidence: both / withA, lift: both / withA / (withB / n) };
}

/** Random baskets over `products` items with planted associations. */
function plantedBaskets(count: number, seed: number) {
  const random = seededRandom(seed);
  const baskets: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    const basket = new Set<string>();
    const size = 1 + Math.floor(random() * 5);
    while (basket.size < size) basket.add(`p${Math.floor(random() * 200)}`);
    // Planted: 60 % of baskets with coffee also hold milk; about half of those with bread and butter also hold jam.
    if (random() < 0.1) {
      basket.add('coffee');
      if (random() < 0.6) basket.add('milk');
    }
    if (random() < 0.08) {
      basket.add('bread');
      basket.add('butter');
      if (random() < 0.5) basket.add('jam');
    }
    // Bread and butter are also bought on their own (without the jam habit).
    if (random() < 0.05) basket.add('bread');
    if (random() < 0.05) basket.add('butter');
    baskets.push([...basket]);
  }
  return baskets;
}

describe('mineAssociationRules', () => {
  it('the textbook example: support, confidence and lift by hand', () => {
    const baskets = [
      ['bread', 'milk'],
      ['bread', 'diapers', 'beer', 'eggs'],
      ['milk', 'diapers', 'beer', 'cola'],
      ['bread', 'milk', 'diapers', 'beer'],
      ['bread', 'milk', 'diapers', 'cola'],
    ];
    const model = mineAssociationRules(baskets, { minCount: 2, minSupport: 0, minConfidence: 0.5, minLift: 1 });
    const rule = model.rules.find((r) => r.antecedent[0] === 'beer' && r.consequent === 'diapers');
    // beer in 3, diapers in 4, both in 3: support 3/5, confidence 1, lift 1 / (4/5) = 1.25.
    expect(rule).toEqual({ antecedent: ['beer'], consequent: 'diapers', count: 3, support: 0.6, confidence: 1, lift: 1.25 });
    const reverse = model.rules.find((r) => r.antecedent[0] === 'diapers' && r.consequent === 'beer');
    expect(reverse).toMatchObject({ confidence: 0.75, lift: 1.25 });
    // bread and milk: 3 together, 4 each: lift (3/4)/(4/5) < 1 → no rule.
    expect(model.rules.some((r) => r.antecedent.includes('bread') && r.consequent === 'milk')).toBe(false);
    expect(model.basketCount).toBe(5);
  });

  it('finds planted pairs in 20,000 random baskets with figures that match a brute-force recount', () => {
    const baskets = plantedBaskets(20_000, 1);
    const model = mineAssociationRules(baskets, { minSupport: 0.005, minConfidence: 0.2, minLift: 2 });
    const coffeeMilk = model.rules.find((r) => r.antecedent.length === 1 && r.antecedent[0] === 'coffee' && r.consequent === 'milk') as AssociationRule<string>;
    expect(coffeeMilk).toBeDefined();
    expect(coffeeMilk.confidence).toBeGreaterThan(0.55);
    expect(coffeeMilk.confidence).toBeLessThan(0.65);
    for (const rule of model.rules) {
      const truth = recount(baskets, rule.antecedent, rule.consequent);
      expect(rule.count).toBe(truth.count);
      expect(rule.confidence).toBeCloseTo(truth.confidence, 12);
      expect(rule.lift).toBeCloseTo(truth.lift, 9);
      expect(rule.support).toBeCloseTo(truth.support, 12);
    }
    // Random products are independent: no rule between two of them clears lift 2.
    expect(model.rules.every((r) => ['coffee', 'milk', 'bread', 'butter', 'jam'].includes(r.consequent))).toBe(true);
  });

  it('finds a planted triple {bread, butter} → jam only when triples are asked for', () => {
    const baskets = plantedBaskets(20_000, 2);
    const isTriple = (r: AssociationRule<string>) => r.antecedent.length === 2 && r.antecedent.includes('bread') && r.antecedent.includes('butter') && r.consequent === 'jam';
    expect(mineAssociationRules(baskets, { minSupport: 0.005, minLift: 1.5 }).rules.some(isTriple)).toBe(false);
    const model = mineAssociationRules(baskets, { minSupport: 0.005, minLift: 1.5, triples: true });
    const triple = model.rules.find(isTriple) as AssociationRule<string>;
    expect(triple.confidence).toBeGreaterThan(0.45);
    expect(triple.confidence).toBeLessThan(0.55);
    expect(triple).toMatchObject(recount(baskets, ['bread', 'butter'], 'jam'));
  });

  it('counts a product once per basket and respects minCount on small data', () => {
    const baskets = [['a', 'a', 'b'], ['a', 'b'], ['a', 'b'], ['c']];
    expect(mineAssociationRules(baskets, { minCount: 3, minLift: 1 }).rules.map((r) => [r.antecedent[0], r.consequent, r.count])).toEqual([
      ['a', 'b', 3],
      ['b', 'a', 3],
    ]);
    expect(mineAssociationRules(baskets, { minCount: 4, minLift: 1 }).rules).toEqual([]);
  });

  it('works with numeric product ids and no baskets at all', () => {
    expect(mineAssociationRules([[1, 2], [1, 2], [3]], { minCount: 2, minLift: 1 }).rules[0]).toMatchObject({ antecedent: [1], consequent: 2 });
    expect(mineAssociationRules([])).toEqual({ basketCount: 0, frequentProducts: 0, rules: [] });
  });

  it.each([{ minSupport: -0.1 }, { minSupport: 2 }, { minConfidence: 1.5 }, { minCount: 0 }, { maxRules: 0 }])('refuses %o', (options) => {
    expect(() => mineAssociationRules([['a']], options)).toThrow(InsightInputError);
  });
});

describe('often bought with', () => {
  const baskets = plantedBaskets(20_000, 3);
  const model = mineAssociationRules(baskets, { minSupport: 0.005, minConfidence: 0.2, minLift: 2, triples: true });
  const suggest = indexRules(model);

  it('suggests milk for a cart with coffee, with the figures of the rule behind it', () => {
    const [first] = suggest(['coffee', 'p17']);
    expect(first).toMatchObject({ product: 'milk', because: ['coffee'] });
    expect(first?.confidence).toBeCloseTo(recount(baskets, ['coffee'], 'milk').confidence, 12);
  });

  it('never suggests what is already in the cart, and prefers the stronger rule from the whole cart', () => {
    expect(suggest(['coffee', 'milk']).some((s) => s.product === 'milk' || s.product === 'coffee')).toBe(false);
    const [first] = suggest(['bread', 'butter']);
    expect(first).toMatchObject({ product: 'jam' });
    expect(first?.because.sort()).toEqual(['bread', 'butter']);
  });

  it('an empty cart or unknown products give nothing; the limit is kept', () => {
    expect(suggest([])).toEqual([]);
    expect(suggest(['nothing-like-it'])).toEqual([]);
    expect(suggest(['bread'], 1)).toHaveLength(1);
    expect(oftenBoughtWith(model, ['butter'], 5).map((s) => s.product)).toContain('bread');
  });
});
