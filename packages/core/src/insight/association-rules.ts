/**
 * Products bought together: association rules over baskets (one basket = the distinct products
 * of one order).
 *
 * For a rule A → b: support = share of baskets holding A and b, confidence = P(b | A),
 * lift = confidence / P(b) (above 1: bought together more than chance). Pairs are counted
 * directly and triples (optional) only from frequent pairs (the Apriori property), which for
 * pairs and triples is simpler and far faster than a general frequent-itemset miner: on
 * 100,000 baskets node-fpgrowth took about 6 s where this takes well under one (see bench/models).
 */
import { InsightInputError } from './dates.ts';

export type ProductKey = string | number;

export interface AssociationOptions {
  /** Least share of baskets holding the whole rule (default 0.001). */
  minSupport?: number;
  /** Least number of baskets holding the whole rule (default 5): keeps small shops from rules on two sales. */
  minCount?: number;
  /** Least P(consequent | antecedent) (default 0.1). */
  minConfidence?: number;
  /** Least lift (default 1.2). */
  minLift?: number;
  /** Also mine {a, b} → c rules (default false). */
  triples?: boolean;
  /** Keep at most this many rules, strongest lift first (default 5,000). */
  maxRules?: number;
}

export interface AssociationRule<K extends ProductKey = ProductKey> {
  antecedent: K[];
  consequent: K;
  /** Baskets holding antecedent and consequent. */
  count: number;
  support: number;
  confidence: number;
  lift: number;
}

export interface AssociationModel<K extends ProductKey = ProductKey> {
  basketCount: number;
  /** Products that met the support threshold on their own. */
  frequentProducts: number;
  rules: AssociationRule<K>[];
}

/** Up to this many frequent products, pairs are counted in a dense table (at most 4.5 M counters, 18 MB). */
const DENSE_PAIR_LIMIT = 3000;
/** Past this many frequent products in one basket, triples are not enumerated for it (combinatorial guard). */
const TRIPLE_BASKET_LIMIT = 40;

export function mineAssociationRules<K extends ProductKey>(baskets: readonly (readonly K[])[], options: AssociationOptions = {}): AssociationModel<K> {
  const minSupport = options.minSupport ?? 0.001;
  const minCountOption = options.minCount ?? 5;
  const minConfidence = options.minConfidence ?? 0.1;
  const minLift = options.minLift ?? 1.2;
  const maxRules = options.maxRules ?? 5000;
  for (const [name, value, max] of [['minSupport', minSupport, 1], ['minConfidence', minConfidence, 1], ['minLift', minLift, 1e9]] as const) {
    if (!(value >= 0 && value <= max)) throw new InsightInputError(`${name} must be from 0 to ${max}`);
  }
  if (!Number.isInteger(minCountOption) || minCountOption < 1) throw new InsightInputError('minCount must be a whole number of at least 1');
  if (!Number.isInteger(maxRules) || maxRules < 1) throw new InsightInputError('maxRules must be a whole number of at least 1');

  const n = baskets.length;
  const minCount = Math.max(minCountOption, Math.ceil(minSupport * n - 1e-9));

  // Products → dense ids, counted once per basket.
  const ids = new Map<K, number>();
  const keys: K[] = [];
  const encoded: Int32Array[] = [];
  let itemCounts = new Int32Array(1024);
  // lastBasket[id] === index of the basket being read: a product counts once per basket.
  let lastBasket = new Int32Array(1024).fill(-1);
  const scratch: number[] = [];
  baskets.forEach((basket, index) => {
    scratch.length = 0;
    for (const product of basket) {
      let id = ids.get(product);
      if (id === undefined) {
        id = keys.length;
        ids.set(product, id);
        keys.push(product);
        if (id >= itemCounts.length) {
          const grown = new Int32Array(itemCounts.length * 2);
          grown.set(itemCounts);
          itemCounts = grown;
          const grownLast = new Int32Array(lastBasket.length * 2).fill(-1);
          grownLast.set(lastBasket);
          lastBasket = grownLast;
        }
      }
      if (lastBasket[id] === index) continue;
      lastBasket[id] = index;
      itemCounts[id] = (itemCounts[id] as number) + 1;
      scratch.push(id);
    }
    encoded.push(Int32Array.from(scratch));
  });

  // Frequent products get a rank: pair keys are rank arithmetic, exact in doubles below 2^53.
  const rankOf = new Int32Array(keys.length).fill(-1);
  const frequent: number[] = [];
  for (let id = 0; id < keys.length; id += 1) {
    if ((itemCounts[id] as number) >= minCount) {
      rankOf[id] = frequent.length;
      frequent.push(id);
    }
  }
  const m = frequent.length;
  const frequentBaskets: Int32Array[] = [];
  // Pair counts: a dense upper-triangular table while it fits in a few tens of MB, a Map beyond.
  const dense = m <= DENSE_PAIR_LIMIT ? new Int32Array((m * (m - 1)) / 2) : null;
  const triangle = (a: number, b: number) => a * m - (a * (a + 1)) / 2 + (b - a - 1);
  const sparse = new Map<number, number>();
  for (const basket of encoded) {
    const ranks: number[] = [];
    for (const id of basket) {
      const rank = rankOf[id] as number;
      if (rank >= 0) ranks.push(rank);
    }
    if (ranks.length < 2) continue;
    ranks.sort((a, b) => a - b);
    const row = Int32Array.from(ranks);
    frequentBaskets.push(row);
    for (let i = 0; i < row.length; i += 1) {
      const a = row[i] as number;
      for (let j = i + 1; j < row.length; j += 1) {
        const b = row[j] as number;
        if (dense) dense[triangle(a, b)] = (dense[triangle(a, b)] as number) + 1;
        else sparse.set(a * m + b, (sparse.get(a * m + b) ?? 0) + 1);
      }
    }
  }
  const pairCounts = new Map<number, number>();
  if (dense) {
    for (let a = 0; a < m; a += 1) {
      for (let b = a + 1; b < m; b += 1) {
        const together = dense[triangle(a, b)] as number;
        if (together >= minCount) pairCounts.set(a * m + b, together);
      }
    }
  } else {
    for (const [key, together] of sparse) if (together >= minCount) pairCounts.set(key, together);
  }

  const countOfRank = (rank: number) => itemCounts[frequent[rank] as number] as number;
  const rules: AssociationRule<K>[] = [];
  const consider = (antecedent: number[], antecedentCount: number, consequent: number, together: number) => {
    const confidence = together / antecedentCount;
    const lift = confidence / (countOfRank(consequent) / n);
    if (confidence < minConfidence || lift < minLift) return;
    rules.push({
      antecedent: antecedent.map((rank) => keys[frequent[rank] as number] as K),
      consequent: keys[frequent[consequent] as number] as K,
      count: together,
      support: together / n,
      confidence,
      lift,
    });
  };

  const frequentPairs = new Map<number, number>();
  for (const [key, together] of pairCounts) {
    if (together < minCount) continue;
    frequentPairs.set(key, together);
    const a = Math.floor(key / m);
    const b = key - a * m;
    consider([a], countOfRank(a), b, together);
    consider([b], countOfRank(b), a, together);
  }

  if (options.triples && m > 0) {
    const tripleCounts = new Map<number, number>();
    const exact = m * m * m < Number.MAX_SAFE_INTEGER;
    const stringCounts = new Map<string, number>();
    for (const row of frequentBaskets) {
      if (row.length < 3 || row.length > TRIPLE_BASKET_LIMIT) continue;
      for (let i = 0; i < row.length; i += 1) {
        const a = row[i] as number;
        for (let j = i + 1; j < row.length; j += 1) {
          const b = row[j] as number;
          if (!frequentPairs.has(a * m + b)) continue;
          for (let k = j + 1; k < row.length; k += 1) {
            const c = row[k] as number;
            if (!frequentPairs.has(a * m + c) || !frequentPairs.has(b * m + c)) continue;
            if (exact) {
              const key = (a * m + b) * m + c;
              tripleCounts.set(key, (tripleCounts.get(key) ?? 0) + 1);
            } else {
              const key = `${a},${b},${c}`;
              stringCounts.set(key, (stringCounts.get(key) ?? 0) + 1);
            }
          }
        }
      }
    }
    const triples: [number, number, number, number][] = [];
    for (const [key, together] of tripleCounts) {
      const c = key % m;
      const ab = (key - c) / m;
      const b = ab % m;
      triples.push([(ab - b) / m, b, c, together]);
    }
    for (const [key, together] of stringCounts) {
      const [a, b, c] = key.split(',').map(Number) as [number, number, number];
      triples.push([a, b, c, together]);
    }
    for (const [a, b, c, together] of triples) {
      if (together < minCount) continue;
      consider([a, b], frequentPairs.get(a * m + b) as number, c, together);
      consider([a, c], frequentPairs.get(a * m + c) as number, b, together);
      consider([b, c], frequentPairs.get(b * m + c) as number, a, together);
    }
  }

  rules.sort((x, y) => y.lift - x.lift || y.confidence - x.confidence || y.count - x.count);
  return { basketCount: n, frequentProducts: m, rules: rules.slice(0, maxRules) };
}

export interface OftenBoughtWith<K extends ProductKey = ProductKey> {
  product: K;
  confidence: number;
  lift: number;
  /** The cart products the suggestion comes from. */
  because: K[];
}

/**
 * An index over a model's rules for the till's "often bought with" chip: for a cart, the
 * products not in it that its contents most often lead to, strongest confidence first.
 * Build it once per model; each lookup only touches the rules of the cart's products.
 */
export function indexRules<K extends ProductKey>(model: AssociationModel<K>): (cart: readonly K[], limit?: number) => OftenBoughtWith<K>[] {
  const byProduct = new Map<K, AssociationRule<K>[]>();
  for (const rule of model.rules) {
    for (const product of rule.antecedent) {
      const list = byProduct.get(product) ?? [];
      list.push(rule);
      byProduct.set(product, list);
    }
  }
  return (cart, limit = 3) => {
    const inCart = new Set(cart);
    const best = new Map<K, OftenBoughtWith<K>>();
    for (const product of inCart) {
      for (const rule of byProduct.get(product) ?? []) {
        if (inCart.has(rule.consequent) || !rule.antecedent.every((p) => inCart.has(p))) continue;
        const current = best.get(rule.consequent);
        if (!current || rule.confidence > current.confidence || (rule.confidence === current.confidence && rule.lift > current.lift)) {
          best.set(rule.consequent, { product: rule.consequent, confidence: rule.confidence, lift: rule.lift, because: rule.antecedent.slice() });
        }
      }
    }
    return [...best.values()].sort((a, b) => b.confidence - a.confidence || b.lift - a.lift).slice(0, Math.max(0, limit));
  };
}

/** One-off lookup; use indexRules when answering many carts from the same model. */
export function oftenBoughtWith<K extends ProductKey>(model: AssociationModel<K>, cart: readonly K[], limit = 3): OftenBoughtWith<K>[] {
  return indexRules(model)(cart, limit);
}
