/**
 * What the database assistant may read (issue 17, docs/decisions/011): the reporting views of
 * migration `chatbot_rls`, their columns as analyze_schema describes them, and the functions
 * and types a query over them may use. Anything not named here is refused by the validator.
 * A test compares this catalogue with the views in the database.
 */
export interface ReportingColumn {
  name: string;
  type: string;
  description: string;
}

export interface ReportingView {
  name: string;
  description: string;
  columns: ReportingColumn[];
}

const money = (name: string, description: string): ReportingColumn => ({ name, type: 'bigint', description: `${description} (integer minor units of the currency, e.g. cents)` });

export const REPORTING_VIEWS: readonly ReportingView[] = [
  {
    name: 'ai_orders',
    description: 'One row per order (sale) of this business.',
    columns: [
      { name: 'id', type: 'uuid', description: 'order id' },
      { name: 'number', type: 'integer', description: 'order number, given when paid; null while parked' },
      { name: 'status', type: 'text', description: "'parked', 'paid', 'voided', 'partially_refunded' or 'refunded'" },
      { name: 'customer_id', type: 'uuid', description: 'ai_customers.id, or null' },
      { name: 'currency', type: 'text', description: 'ISO currency code' },
      money('subtotal', 'sum of the lines before order discount'),
      money('discount_total', 'all discounts'),
      money('tax_total', 'tax'),
      money('total', 'amount due'),
      money('paid_total', 'amount paid'),
      money('refunded_total', 'amount refunded'),
      { name: 'created_at', type: 'timestamp with time zone', description: 'when the order was started' },
      { name: 'paid_at', type: 'timestamp with time zone', description: 'when it was paid; null if not paid' },
    ],
  },
  {
    name: 'ai_order_lines',
    description: 'One row per line of an order.',
    columns: [
      { name: 'id', type: 'uuid', description: 'line id' },
      { name: 'order_id', type: 'uuid', description: 'ai_orders.id' },
      { name: 'product_id', type: 'uuid', description: 'ai_products.id, or null for a deleted product' },
      { name: 'name', type: 'text', description: 'product name at the time of sale' },
      { name: 'sku', type: 'text', description: 'product SKU at the time of sale' },
      money('unit_price', 'price of one unit'),
      { name: 'quantity', type: 'integer', description: 'units sold' },
      money('gross', 'unit_price × quantity'),
      money('discount', 'line discount'),
      money('net', 'after all discounts, before tax'),
      money('tax', 'tax of the line'),
      money('total', 'net + tax'),
      { name: 'refunded_quantity', type: 'integer', description: 'units refunded so far' },
    ],
  },
  {
    name: 'ai_payments',
    description: 'Payments taken on orders; refunds are negative amounts.',
    columns: [
      { name: 'id', type: 'uuid', description: 'payment id' },
      { name: 'order_id', type: 'uuid', description: 'ai_orders.id' },
      { name: 'method', type: 'text', description: "'cash', 'card' or 'other'" },
      money('amount', 'amount applied to the order'),
      { name: 'created_at', type: 'timestamp with time zone', description: 'when it was taken' },
    ],
  },
  {
    name: 'ai_products',
    description: 'The product catalogue.',
    columns: [
      { name: 'id', type: 'uuid', description: 'product id' },
      { name: 'name', type: 'text', description: 'product name' },
      { name: 'sku', type: 'text', description: 'stock-keeping unit' },
      { name: 'barcode', type: 'text', description: 'barcode' },
      { name: 'category_id', type: 'uuid', description: 'ai_categories.id, or null' },
      money('price', 'selling price'),
      money('cost', 'purchase cost, or null'),
      { name: 'track_stock', type: 'boolean', description: 'whether stock is counted' },
      { name: 'stock_quantity', type: 'integer', description: 'units in stock' },
      { name: 'low_stock_threshold', type: 'integer', description: 'stock at or under which it counts as low, or null' },
      { name: 'is_active', type: 'boolean', description: 'false when archived' },
      { name: 'created_at', type: 'timestamp with time zone', description: 'when it was added' },
      { name: 'updated_at', type: 'timestamp with time zone', description: 'last change' },
    ],
  },
  {
    name: 'ai_categories',
    description: 'Product categories.',
    columns: [
      { name: 'id', type: 'uuid', description: 'category id' },
      { name: 'name', type: 'text', description: 'category name' },
      { name: 'sort_order', type: 'integer', description: 'display order' },
      { name: 'is_active', type: 'boolean', description: 'false when hidden' },
    ],
  },
  {
    name: 'ai_customers',
    description: 'Customers by name (no email, phone or notes).',
    columns: [
      { name: 'id', type: 'uuid', description: 'customer id' },
      { name: 'name', type: 'text', description: 'customer name' },
      { name: 'created_at', type: 'timestamp with time zone', description: 'when the customer was added' },
    ],
  },
  {
    name: 'ai_daily_sales',
    description: "Paid sales per day in the business's time zone.",
    columns: [
      { name: 'day', type: 'date', description: 'calendar day' },
      { name: 'currency', type: 'text', description: 'ISO currency code' },
      { name: 'order_count', type: 'integer', description: 'orders paid that day' },
      money('subtotal', 'sum of subtotals'),
      money('discount_total', 'sum of discounts'),
      money('tax_total', 'sum of tax'),
      money('total', 'sum of totals'),
      money('refunded_total', 'sum refunded so far on those orders'),
    ],
  },
];

export const REPORTING_VIEW_NAMES: readonly string[] = REPORTING_VIEWS.map((view) => view.name);

/**
 * Functions a query may call, by name (unqualified or in pg_catalog). Aggregates, window
 * functions, date and number arithmetic, and text functions whose output is bounded by their
 * input. Not here, among others: anything that sleeps, reads files, settings or catalogs,
 * writes, locks, notifies, makes ids or sequences, builds large values (repeat, lpad, rpad, replace,
 * string_agg, array_agg, generate_series), or matches regular expressions.
 */
export const ALLOWED_FUNCTIONS: readonly string[] = [
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every',
  'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
  'percentile_cont', 'percentile_disc', 'mode',
  // window functions
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // dates and times (extract, AT TIME ZONE and the SQL-standard forms arrive as these names)
  'date_trunc', 'date_part', 'extract', 'timezone', 'now', 'age', 'make_date', 'make_interval', 'date_bin', 'to_char', 'to_date',
  // numbers
  'round', 'trunc', 'floor', 'ceil', 'ceiling', 'abs', 'sign', 'mod', 'div', 'power', 'sqrt',
  // text
  'lower', 'upper', 'initcap', 'length', 'char_length', 'btrim', 'ltrim', 'rtrim', 'substring', 'substr', 'position', 'strpos',
  'left', 'right', 'concat', 'concat_ws', 'split_part',
];

/** Type names a value may be cast to (as the parser spells them). */
export const ALLOWED_TYPES: readonly string[] = [
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'bool', 'boolean', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'uuid',
];

/** Operators, by name: comparison, arithmetic, concatenation and LIKE. No regular expressions. */
export const ALLOWED_OPERATORS: readonly string[] = ['=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||', '~~', '!~~', '~~*', '!~~*'];
