import type { ApiAnswer } from '@/lib/api';
import { salesQueryRoots } from '@/lib/sales-queries';

/**
 * The products API's answers, named for the components: the server's route schemas (the typed
 * client's generated types), never copies. Money is integer minor units.
 */
export type Product = ApiAnswer<'/api/products/{id}'>['product'];
export type ProductResponse = ApiAnswer<'/api/products/{id}'>;

export type ProductStatus = 'active' | 'archived' | 'all';

export type StockMovement = ApiAnswer<'/api/products/{id}/stock-movements'>['movements'][number];
export type TaxRate = ApiAnswer<'/api/tax-rates'>['tax_rates'][number];
export type CategoryOption = ApiAnswer<'/api/categories'>['categories'][number];

/** Every query of this feature starts with this key, so one invalidation refreshes the lot. */
export const productsKey = salesQueryRoots.products;
