import { z } from 'zod';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import type { CreateProductBody } from '../api/create-product';
import type { Product } from '../api/types';

/** Select values for "no category" and "the business default tax rate" (Radix items cannot be empty). */
export const NO_CATEGORY = 'none';
export const DEFAULT_TAX = 'default';

const wholeNumber = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, `${label} is a whole number of 0 or more`)
    .refine((text) => text === '' || Number(text) <= 1_000_000_000, `${label} is too large`);

/** The product form: what people type (money as decimal text in the business currency). */
export function productFormSchema(currency: string) {
  const money = (label: string, required: boolean) =>
    z
      .string()
      .trim()
      .superRefine((text, context) => {
        if (!text) {
          if (required) context.addIssue({ code: 'custom', message: `Enter the ${label}` });
          return;
        }
        const parsed = parseMoneyText(text, currency);
        if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
        else if (parsed.amount < 0) context.addIssue({ code: 'custom', message: `The ${label} cannot be negative` });
      });
  return z.object({
    name: z.string().trim().min(1, 'Enter the product name').max(200, 'Use at most 200 characters'),
    price: money('price', true),
    cost: money('cost', false),
    sku: z.string().trim().max(64, 'Use at most 64 characters'),
    barcode: z
      .string()
      .trim()
      .max(64, 'Use at most 64 characters')
      .regex(/^[\x21-\x7E]*$/, 'Letters, digits and symbols, without spaces'),
    categoryId: z.string(),
    taxRateId: z.string(),
    trackStock: z.boolean(),
    initialStock: wholeNumber('Stock'),
    lowStockThreshold: wholeNumber('The threshold'),
  });
}

export type ProductFormValues = z.infer<ReturnType<typeof productFormSchema>>;

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    price: '',
    cost: '',
    sku: '',
    barcode: '',
    categoryId: NO_CATEGORY,
    taxRateId: DEFAULT_TAX,
    trackStock: false,
    initialStock: '',
    lowStockThreshold: '',
  };
}

export function productToForm(product: Product, currency: string): ProductFormValues {
  return {
    name: product.name,
    price: minorToDecimalText(product.price, currency),
    cost: product.cost === null ? '' : minorToDecimalText(product.cost, currency),
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    categoryId: product.category_id ?? NO_CATEGORY,
    taxRateId: product.tax_rate_id ?? DEFAULT_TAX,
    trackStock: product.track_stock,
    initialStock: '',
    lowStockThreshold: product.low_stock_threshold === null ? '' : String(product.low_stock_threshold),
  };
}

const amount = (text: string, currency: string) => {
  const parsed = parseMoneyText(text, currency);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.amount;
};

/** The request body for valid form values: money in minor units, empty fields as null. */
export function formToBody(values: ProductFormValues, currency: string): CreateProductBody {
  const body: CreateProductBody = {
    name: values.name.trim(),
    sku: values.sku.trim() || null,
    barcode: values.barcode.trim() || null,
    price: amount(values.price, currency),
    cost: values.cost.trim() ? amount(values.cost, currency) : null,
    tax_rate_id: values.taxRateId === DEFAULT_TAX ? null : values.taxRateId,
    category_id: values.categoryId === NO_CATEGORY ? null : values.categoryId,
    track_stock: values.trackStock,
    low_stock_threshold: values.lowStockThreshold.trim() ? Number(values.lowStockThreshold) : null,
  };
  if (values.trackStock && values.initialStock.trim()) body.initial_stock = Number(values.initialStock);
  return body;
}

/** Server fields (409 sku_taken, 422 category_not_found) → form fields. */
export function formFieldOf(serverField: unknown): keyof ProductFormValues | null {
  switch (serverField) {
    case 'category_id':
      return 'categoryId';
    case 'tax_rate_id':
      return 'taxRateId';
    case 'sku':
    case 'barcode':
    case 'name':
    case 'price':
    case 'cost':
      return serverField;
    default:
      return null;
  }
}
