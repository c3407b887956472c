import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { stockStore } from '../stock-control/stock-store.ts';
import { storesRepository } from '../stores/stores.repository.ts';
import { CATALOGUE_COLUMNS } from './catalogue-csv.ts';
import { protectFormula, toCsv } from './csv.ts';
import { minorToDecimalText } from './money-text.ts';
import { productsRepository, type KeysetPosition, type ProductStatus } from './products.repository.ts';
import { searchCatalogue } from './search-catalogue.ts';

/**
 * Products read per transaction (bench/import-isolation, decision 018): 200 a page made 100 pages
 * and as many pauses, a 20,000-product export took 27 s and another business's p99 was no better;
 * 1,000 a page: 20 pages, about 5 s.
 */
const PAGE = 1000;

/**
 * The catalogue as CSV, in the columns import reads, so a file can go out, be edited in a
 * spreadsheet and come back: money as decimal text in the business currency, the tax rate and
 * category by name (empty tax_rate: the business default), stock only for tracked products,
 * and the id last so that a product without SKU or barcode is matched when the file comes back.
 * The cost column only for those who may see costs.
 *
 * The stock column is one store's quantity on hand (decision 069), the store the import counts
 * (decision 059): the one named, checked as every stock writer checks it (404 store_not_found,
 * 422 store_inactive, 403 for an employee assigned elsewhere), else the current store. So a file
 * exported from a store and imported into the same store changes nothing.
 */
export async function exportProducts(
  database: Database,
  tenant: TenantContext,
  query: { status: ProductStatus; storeId?: string | undefined },
  options: { withCost: boolean },
): Promise<string> {
  const { businessId } = tenant;
  const { status } = query;
  const { currency, store } = await database.withTenant(businessId, async (tx) => ({
    currency: (await productsRepository.findCatalogueSettings(tx, businessId)).currency,
    store: await stockStore(tx, tenant, query.storeId),
  }));
  const rows: string[][] = [[...CATALOGUE_COLUMNS]];
  let after: KeysetPosition | null = null;
  const turn = takingTurns(database);
  for (;;) {
    // A page per transaction, taking turns with other requests: on PGlite an open transaction
    // holds the one session, and 20,000 products in one would stop every business for seconds
    // (decision 018). Keyset paging keeps the pages in order; a product changed
    // during the export shows as it was when its page was read.
    const position: KeysetPosition | null = after;
    const { page, held } = await turn(() =>
      database.withTenant(businessId, async (tx) => {
        const page: Awaited<ReturnType<typeof searchCatalogue>> = await searchCatalogue(tx, businessId, { filters: { status }, after: position, limit: PAGE });
        // With one store the product's number is the store's (as the import reads it).
        const tracked = page.rows.filter((product) => product.trackStock).map((product) => product.id);
        return { page, held: store.perStore ? await storesRepository.quantitiesInStore(tx, businessId, store.id, tracked) : null };
      }),
    );
    for (const product of page.rows) {
      rows.push([
        protectFormula(product.name),
        protectFormula(product.sku ?? ''),
        protectFormula(product.barcode ?? ''),
        minorToDecimalText(product.price, currency),
        product.cost === null ? '' : minorToDecimalText(product.cost, currency),
        protectFormula(product.taxRateName ?? ''),
        protectFormula(product.categoryName ?? ''),
        product.trackStock ? 'true' : 'false',
        product.trackStock ? String(held ? (held.get(product.id) ?? 0) : product.stockQuantity) : '',
        product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
        product.id,
      ]);
    }
    if (!page.next) break;
    after = page.next;
  }
  // Without the right to see costs the column is left out rather than emptied: a file that
  // comes back through import then leaves costs as they are instead of clearing them.
  const costColumn = CATALOGUE_COLUMNS.indexOf('cost');
  const shown = options.withCost ? rows : rows.map((row) => row.filter((_cell, index) => index !== costColumn));
  // The byte-order mark lets spreadsheet programs read accented names as UTF-8.
  return '\uFEFF' + toCsv(shown);
}
