import type { Tx } from '../../db/client.ts';
import { containsPattern, productsRepository, type CatalogueFilters, type KeysetPosition, type ListedProductRow, type SortedId } from './products.repository.ts';

/*
 * Measured at 100k products on PGlite and on PostgreSQL (a table not yet vacuumed, as embedded
 * PGlite always is): reading products in name order costs about 0.75 µs a row (1.2 µs when the
 * rows are numbered); the trigram index costs 0.5–2.5 ms for the index itself, then about
 * 0.5–1 µs a match.
 */

/**
 * Rows read in name order first, for a text of 3+ letters or digits: a text found all over the
 * catalogue ("juice", "500ml") fills a page within them, and how often it turns up there tells
 * whether reading on in name order (SCAN_WINDOW) or the trigram index is the cheaper way.
 */
export const QUICK_WINDOW = 1000;
/**
 * Matches fetched through the trigram index, at most, before a text counts as common: up to this
 * many, fetching and sorting all of them is the cheaper way; beyond, reading in name order fills
 * a page sooner (at 100k products a text in more than 1% of names fills one within a few thousand
 * rows).
 */
export const TRIGRAM_PROBE = 1000;
/** Rows read in name order, at most, for a common text before all its matches are fetched instead (clustered elsewhere). */
export const SCAN_WINDOW = 4000;
/** Rows read in name order, at most, for a text of 1–2 letters or digits (no trigrams); the page may then end short. */
export const SHORT_SCAN_WINDOW = 2500;
/** Letters and digits a text needs for its trigrams to narrow a search: fewer, and it is read in name order like a short text. */
const TRIGRAM_MIN_CHARACTERS = 3;
const wordCharacters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

export interface CataloguePage {
  rows: ListedProductRow[];
  /** Where the next page starts; null at the end. */
  next: KeysetPosition | null;
}

export interface SearchTuning {
  /** SCAN_WINDOW */
  window: number;
  /** SHORT_SCAN_WINDOW */
  shortWindow: number;
  /** TRIGRAM_PROBE */
  probe: number;
  /** QUICK_WINDOW */
  quickWindow: number;
}

type Picked = { ids: SortedId[]; next: KeysetPosition | null };

/** The first `limit` of rows fetched `limit + 1` at a time, and the next cursor when there were more. */
function firstOf(rows: SortedId[], limit: number): Picked {
  return rows.length > limit ? { ids: rows.slice(0, limit), next: rows[limit - 1]! } : { ids: rows, next: null };
}

/**
 * Which products a name search shows, a page at a time (`code`: the text, on a first page, for
 * the SKU / barcode match that comes first). The first three steps are one round trip:
 * 1. read QUICK_WINDOW products in name order: a text found all over the catalogue ("juice",
 *    "500ml") fills its page there;
 * 2. if it turned up often enough there to fill the page within SCAN_WINDOW more rows, read on
 *    in name order from the last match (5);
 * 3. otherwise ask the trigram index for up to TRIGRAM_PROBE matches: fewer is all of them (a rare
 *    text, "dark almond milk"), sorted and paged at once;
 * 4. TRIGRAM_PROBE matches mean a common text whose matches lie further on: read on (5);
 * 5. read SCAN_WINDOW products in name order, stopping as soon as the page is full; if that
 *    window does not fill it, the matches are clustered elsewhere: fetch all of them through
 *    the index and sort them (same round trip). The next cursor of a page found by reading in
 *    name order says so (`common`), and that page starts at 5;
 * 6. a text of 1–2 letters or digits ("ju", "a b", "#4") has no trigrams to narrow the search
 *    (the index would read all of itself): it is read in name order for up to SHORT_SCAN_WINDOW
 *    rows, and if that fills no page the page ends short where the reading stopped (its cursor
 *    reads on), so a page's work stays bounded whatever the text.
 */
async function pickNames(tx: Tx, businessId: string, filters: CatalogueFilters, q: string, code: string | null, after: KeysetPosition | null, limit: number, tuning: SearchTuning): Promise<Picked> {
  const pattern = containsPattern(q);
  if (wordCharacters(q) < TRIGRAM_MIN_CHARACTERS) {
    const window = tuning.shortWindow;
    const scanned = await productsRepository.scanShortNames(tx, businessId, filters, { code, pattern, after, window, enough: limit + 2 });
    const codes = scanned.filter((row) => row.code);
    // At most two products (one by SKU, one by barcode), so they make one page.
    if (codes.length) return { ids: codes.slice(0, limit), next: null };
    scanned.sort((a, b) => a.position - b.position);
    const hits = scanned.filter((row) => row.hit);
    if (hits.length > limit) return firstOf(hits, limit);
    const last = scanned.find((row) => row.position === window);
    return { ids: hits, next: last ? { sortKey: last.sortKey, id: last.id } : null };
  }
  let found: SortedId[] = [];
  // The page before was found in name order (a common text): read on without asking the index.
  if (!after?.common) {
    // Enough in the quick window to fill the page within SCAN_WINDOW more rows at that rate.
    const dense = Math.min(limit + 1, Math.ceil(((limit + 1) * tuning.quickWindow) / tuning.window));
    const probe = await productsRepository.probeNames(tx, businessId, filters, { code, pattern, after, quickWindow: tuning.quickWindow, dense, cap: tuning.probe, limit: limit + 1 });
    if (probe.kind === 'codes') return { ids: probe.rows.slice(0, limit), next: null };
    if (probe.kind === 'all-matches') return firstOf(probe.rows, limit);
    found = probe.rows;
  }
  // Read on after the last match found so far (none: after the cursor).
  const from = found.at(-1) ?? after;
  const more = found.length > limit ? [] : await productsRepository.scanNames(tx, businessId, filters, pattern, from, tuning.window, limit + 1 - found.length);
  const page = firstOf([...found, ...more], limit);
  return { ids: page.ids, next: page.next ? { ...page.next, common: true } : null };
}

/**
 * One page of the catalogue in (lower(name), id) order. With a text: the product whose SKU or
 * barcode is exactly that text (a scan, or a code typed in), alone; otherwise the products whose
 * name contains it, in any case. Keyset paging: a page never repeats or skips a product, however
 * the catalogue changes between pages.
 */
export async function searchCatalogue(
  tx: Tx,
  businessId: string,
  input: { q?: string | undefined; filters: CatalogueFilters; after: KeysetPosition | null; limit: number; tuning?: Partial<SearchTuning> },
): Promise<CataloguePage> {
  const q = input.q?.trim() ?? '';
  if (!q) {
    const rows = await productsRepository.listedPage(tx, businessId, input.filters, input.after, input.limit + 1);
    if (rows.length <= input.limit) return { rows, next: null };
    const last = rows[input.limit - 1]!;
    return { rows: rows.slice(0, input.limit), next: { sortKey: last.sortKey, id: last.id } };
  }
  const tuning = { window: SCAN_WINDOW, shortWindow: SHORT_SCAN_WINDOW, probe: TRIGRAM_PROBE, quickWindow: QUICK_WINDOW, ...input.tuning };
  // A cursor means a later page of a name search: codes were not matched then, so they are not now.
  const picked = await pickNames(tx, businessId, input.filters, q, input.after ? null : q, input.after, input.limit, tuning);
  const rows = await productsRepository.findListedByIds(tx, businessId, picked.ids.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: picked.ids.map((row) => byId.get(row.id)).filter((row): row is ListedProductRow => row !== undefined),
    next: picked.next ? { sortKey: picked.next.sortKey, id: picked.next.id, common: picked.next.common } : null,
  };
}
