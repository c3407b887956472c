/** The columns of the catalogue CSV, in the order export writes them; import reads them in any order. */
export const CATALOGUE_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'price',
  'cost',
  'tax_rate',
  'category',
  'track_stock',
  'stock',
  'low_stock_threshold',
  // Last, so people see the name first; it lets a product without SKU or barcode be matched on re-import.
  'id',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

export const isCatalogueColumn = (value: string): value is CatalogueColumn => (CATALOGUE_COLUMNS as readonly string[]).includes(value);

/** "Track stock", "track-stock" and "TRACK_STOCK" all name track_stock. */
export const normalizeHeader = (cell: string) => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');
