import { indexRules } from '@till/core';
import type { Database } from '../../db/client.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';
import { loadAiBusiness, type AiBusiness } from './load-business.ts';
import { cachedModel } from './model-cache.ts';
import { trainRulesModel } from './train-models.ts';

/** Baskets (orders) of the last year are mined. */
const BASKET_WINDOW_DAYS = 365;
/** Below this many orders with two or more different products, rules are too few to trust. */
export const MIN_MULTI_ITEM_BASKETS = 20;
/** A pair must be bought together in at least this many orders to make a rule. */
export const MIN_RULE_COUNT = 3;
const SHOWN_RULES = 200;

async function loadModel(database: Database, businessId: string, loaded?: AiBusiness) {
  const business = loaded ?? (await database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  const { value, computedAt } = await cachedModel(businessId, 'product_recommendation', business.key, async () => {
    const { model, multiItemBaskets } = await trainRulesModel(database, businessId, business, BASKET_WINDOW_DAYS, MIN_RULE_COUNT);
    const ids = new Set<string>();
    for (const rule of model.rules) for (const id of [...rule.antecedent, rule.consequent]) ids.add(id);
    const products = await database.withTenant(businessId, (tx) => repo.productNames(tx, businessId, [...ids]));
    return { model, lookup: indexRules(model), products, multiItemBaskets };
  });
  return { business, computedAt, ...value };
}

/** Product recommendations: association rules (support, confidence, lift) over the last year's orders. */
export async function getProductRecommendations(database: Database, businessId: string, loaded?: AiBusiness) {
  const { business, computedAt, model, products, multiItemBaskets } = await loadModel(database, businessId, loaded);
  const name = (id: string) => products.get(id)?.name ?? 'Deleted product';
  return {
    currency: business.currency,
    timeZone: business.timeZone,
    today: business.today,
    computedAt,
    status: multiItemBaskets >= MIN_MULTI_ITEM_BASKETS ? ('ok' as const) : ('insufficient_history' as const),
    baskets: model.basketCount,
    multiItemBaskets,
    requiredMultiItemBaskets: MIN_MULTI_ITEM_BASKETS,
    minRuleCount: MIN_RULE_COUNT,
    totalRules: model.rules.length,
    rules: model.rules.slice(0, SHOWN_RULES).map((rule) => ({
      antecedent: rule.antecedent.map((id) => ({ productId: id, name: name(id) })),
      consequent: { productId: rule.consequent, name: name(rule.consequent) },
      count: rule.count,
      support: rule.support,
      confidence: rule.confidence,
      lift: rule.lift,
    })),
  };
}

/** "Often bought with": for a cart's products, the active products its contents most often lead to. */
export async function getOftenBoughtWith(database: Database, businessId: string, cart: string[], limit: number) {
  const { lookup, products } = await loadModel(database, businessId);
  const suggestions = lookup(cart, limit * 2)
    .filter((hint) => products.get(hint.product)?.isActive)
    .slice(0, limit);
  return {
    suggestions: suggestions.map((hint) => ({
      productId: hint.product,
      name: products.get(hint.product)!.name,
      price: products.get(hint.product)!.price,
      taxRateBasisPoints: products.get(hint.product)!.taxRateBasisPoints,
      confidence: hint.confidence,
      lift: hint.lift,
      because: hint.because.map((id) => ({ productId: id, name: products.get(id)?.name ?? 'Deleted product' })),
    })),
  };
}
