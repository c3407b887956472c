import { z } from 'zod';
import { INDUSTRIES } from './business-setup.ts';
import { FEATURE_NAMES, defaultEnabledFeatures } from './features.ts';
import { receiptTextInput } from './branding.ts';
import { currencyDecimals } from './money.ts';
import { singleLine } from './plain-text.ts';

/**
 * The starting setup a new business of an industry gets (issue 20 item 2), edited by the super
 * admin at /superadmin/industry-templates and applied at sign-up unless the owner starts empty.
 */

/** How many starter categories and sample products a template may hold (a typo guard). */
export const TEMPLATE_MAX_CATEGORIES = 50;
export const TEMPLATE_MAX_PRODUCTS = 200;
export const TEMPLATE_MAX_AREAS = 10;
export const TEMPLATE_MAX_TABLES = 100;
export const TEMPLATE_MAX_INSPECTION_POINTS = 60;
/** The currency a template's prices are typed in until the super admin picks another. */
export const TEMPLATE_DEFAULT_CURRENCY = 'USD';

export const templateCategoryName = singleLine(z.string().trim().min(1, 'A category needs a name').max(100));

export const templateProduct = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'A product needs a name').max(200)),
  /** Minor units. */
  price: z.number().int().min(0).max(100_000_000),
  /** One of the template's categories, or none. */
  category: templateCategoryName.nullable(),
});
export type TemplateProduct = z.infer<typeof templateProduct>;

/** A table of a restaurant's starter plan (names are unique in a business, as the till's tables are). */
export const templateTable = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'A table needs a name').max(20)),
  seats: z.number().int().min(1).max(40),
});
export const templateArea = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'An area needs a name').max(40)),
  tables: z.array(templateTable).max(TEMPLATE_MAX_TABLES),
});
export type TemplateArea = z.infer<typeof templateArea>;

export const templateInspectionPoint = singleLine(z.string().trim().min(1, 'A checklist point needs a name').max(100));

let currencies: Set<string> | null = null;
const knownCurrencies = () => (currencies ??= new Set(Intl.supportedValuesOf('currency')));

/** An ISO 4217 code this runtime knows (its minor-unit digits come from Intl). */
export const templateCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter code such as USD')
  .refine((code) => knownCurrencies().has(code), 'is not a currency this server knows');

export const enabledFeaturesMap = z.strictObject(Object.fromEntries(FEATURE_NAMES.map((name) => [name, z.boolean()])) as Record<(typeof FEATURE_NAMES)[number], z.ZodBoolean>);

/** What the super admin saves for one industry. */
export const industryTemplateInput = z
  .strictObject({
    enabled_features: enabledFeaturesMap,
    categories: z.array(templateCategoryName).max(TEMPLATE_MAX_CATEGORIES),
    products: z.array(templateProduct).max(TEMPLATE_MAX_PRODUCTS),
    // The fields below may be left out (older clients): a save replaces them with none.
  /** The currency the prices are in (minor units of it); rescaled at sign-up to the business's currency. */
    currency: templateCurrency.default(TEMPLATE_DEFAULT_CURRENCY),
    /** Put on the new business's receipts (decision 057's limits); null or blank for none. */
    receipt_header: receiptTextInput.nullable().default(null),
    receipt_footer: receiptTextInput.nullable().default(null),
    /** The starter table plan (a restaurant's areas and tables). */
    dining_areas: z.array(templateArea).max(TEMPLATE_MAX_AREAS).default([]),
    /** The workshop's inspection checklist; empty keeps the built-in checklist. */
    inspection_points: z.array(templateInspectionPoint).max(TEMPLATE_MAX_INSPECTION_POINTS).default([]),
  })
  .superRefine((template, context) => {
    const problem = templateProblem(template);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
export type IndustryTemplateInput = z.infer<typeof industryTemplateInput>;

export const industryTemplateView = z.object({
  industry: z.enum(INDUSTRIES),
  enabled_features: enabledFeaturesMap,
  categories: z.array(z.string()),
  products: z.array(z.object({ name: z.string(), price: z.number().int(), category: z.string().nullable() })),
  currency: z.string(),
  receipt_header: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  dining_areas: z.array(z.object({ name: z.string(), tables: z.array(z.object({ name: z.string(), seats: z.number().int() })) })),
  inspection_points: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type IndustryTemplateView = z.infer<typeof industryTemplateView>;

/**
 * The first thing wrong with a template, or null: a category named twice (case-insensitively,
 * as a business's categories are), or a product in a category the template does not have.
 */
export function templateProblem(template: {
  categories: readonly string[];
  products: readonly TemplateProduct[];
  dining_areas?: readonly TemplateArea[];
}): { message: string; path: (string | number)[] } | null {
  const seen = new Set<string>();
  for (const [index, name] of template.categories.entries()) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return { message: `The category "${name.trim()}" is listed twice`, path: ['categories', index] };
    seen.add(key);
  }
  for (const [index, product] of template.products.entries()) {
    if (product.category !== null && !seen.has(product.category.trim().toLowerCase())) {
      return { message: `"${product.name.trim()}" is in the category "${product.category.trim()}", which the template does not have`, path: ['products', index, 'category'] };
    }
  }
  const areas = new Set<string>();
  const tables = new Set<string>();
  let tableCount = 0;
  for (const [areaIndex, area] of (template.dining_areas ?? []).entries()) {
    const key = area.name.trim().toLowerCase();
    if (areas.has(key)) return { message: `The area "${area.name.trim()}" is listed twice`, path: ['dining_areas', areaIndex, 'name'] };
    areas.add(key);
    for (const [tableIndex, table] of area.tables.entries()) {
      const tableKey = table.name.trim().toLowerCase();
      if (tables.has(tableKey)) return { message: `The table "${table.name.trim()}" is listed twice`, path: ['dining_areas', areaIndex, 'tables', tableIndex, 'name'] };
      tables.add(tableKey);
      tableCount += 1;
    }
  }
  if (tableCount > TEMPLATE_MAX_TABLES) return { message: `A table plan has at most ${TEMPLATE_MAX_TABLES} tables`, path: ['dining_areas'] };
  return null;
}

/** Today's setup for every industry, before any template was edited: SPEC §9 first-time features, nothing else. */
export function defaultIndustryTemplate(): Omit<IndustryTemplateView, 'industry' | 'updated_at'> {
  return {
    enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }),
    categories: [],
    products: [],
    currency: TEMPLATE_DEFAULT_CURRENCY,
    receipt_header: null,
    receipt_footer: null,
    dining_areas: [],
    inspection_points: [],
  };
}

/**
 * A template price (minor units of `from`) in minor units of `to`: 9.50 USD (950) is 950 EUR
 * cents but 10 JPY (half away from zero) and 9.500 KWD (9500). The amount stays, its digits move.
 */
export function rescaleTemplatePrice(price: number, from: string, to: string): number {
  const shift = currencyDecimals(to) - currencyDecimals(from);
  if (shift >= 0) return price * 10 ** shift;
  const divisor = 10 ** -shift;
  return Math.floor((price + divisor / 2) / divisor);
}

/** Where a starter table sits on the plan: rows of six, 120 px apart (the till's default table is 96 px). */
export function starterTablePosition(index: number): { x: number; y: number } {
  return { x: 16 + (index % 6) * 120, y: 16 + Math.floor(index / 6) * 120 };
}
