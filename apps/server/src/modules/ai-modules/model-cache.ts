/**
 * The AI modules' results, cached per business, per model and per local day (decision 025):
 * a result is reused while the business's local day and the data it was computed from (sales,
 * refunds, stock, purchase orders: the repository's fingerprint) are unchanged, so a page is
 * trained at most once per day per change of data, and two requests at once share one run.
 * In process memory, bounded; each server instance keeps its own.
 */
interface Entry {
  key: string;
  computedAt: string;
  value: Promise<unknown>;
}

const MAX_ENTRIES = 2000;
const entries = new Map<string, Entry>();

export type ModelName = 'sales_prediction' | 'stock_forecast' | 'product_recommendation' | 'customer_footpath';

export async function cachedModel<T>(businessId: string, model: ModelName, key: string, compute: () => Promise<T>): Promise<{ value: T; computedAt: string }> {
  const slot = `${businessId}:${model}`;
  const found = entries.get(slot);
  if (found && found.key === key) return { value: (await found.value) as T, computedAt: found.computedAt };
  const entry: Entry = { key, computedAt: new Date().toISOString(), value: compute() };
  entries.delete(slot);
  entries.set(slot, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  try {
    return { value: (await entry.value) as T, computedAt: entry.computedAt };
  } catch (error) {
    // A failed run is not kept: the next request tries again.
    if (entries.get(slot) === entry) entries.delete(slot);
    throw error;
  }
}
