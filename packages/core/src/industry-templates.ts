import { z } from 'zod';
import { INDUSTRIES } from './business-setup.ts';
import { FEATURE_NAMES, defaultEnabledFeatures, type EnabledFeatures } from './features.ts';
import { singleLine } from './plain-text.ts';

/**
 * The starting setup a new business of an industry gets (issue 20 item 2), edited by the super
 * admin at /superadmin/industry-templates and applied at sign-up unless the owner starts empty.
 */

/** How many starter categories and sample products a template may hold (a typo guard). */
export const TEMPLATE_MAX_CATEGORIES = 50;
export const TEMPLATE_MAX_PRODUCTS = 200;

export const templateCategoryName = singleLine(z.string().trim().min(1, 'A category needs a name').max(100));

export const templateProduct = z.strictObject({
  name: singleLine(z.string().trim().min(1, 'A product needs a name').max(200)),
  /** Minor units. */
  price: z.number().int().min(0).max(100_000_000),
  /** One of the template's categories, or none. */
  category: templateCategoryName.nullable(),
});
export type TemplateProduct = z.infer<typeof templateProduct>;

export const enabledFeaturesMap = z.strictObject(Object.fromEntries(FEATURE_NAMES.map((name) => [name, z.boolean()])) as Record<(typeof FEATURE_NAMES)[number], z.ZodBoolean>);

/** What the super admin saves for one industry. */
export const industryTemplateInput = z
  .strictObject({
    enabled_features: enabledFeaturesMap,
    categories: z.array(templateCategoryName).max(TEMPLATE_MAX_CATEGORIES),
    products: z.array(templateProduct).max(TEMPLATE_MAX_PRODUCTS),
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
  updated_at: z.string().nullable(),
});
export type IndustryTemplateView = z.infer<typeof industryTemplateView>;

/**
 * The first thing wrong with a template, or null: a category named twice (case-insensitively,
 * as a business's categories are), or a product in a category the template does not have.
 */
export function templateProblem(template: { categories: readonly string[]; products: readonly TemplateProduct[] }): { message: string; path: (string | number)[] } | null {
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
  return null;
}

/** Today's setup for every industry, before any template was edited: SPEC §9 first-time features, nothing else. */
export function defaultIndustryTemplate(): { enabled_features: EnabledFeatures; categories: string[]; products: TemplateProduct[] } {
  return { enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }), categories: [], products: [] };
}
