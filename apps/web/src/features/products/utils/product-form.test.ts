import { describe, expect, it } from 'vitest';
import type { Product } from '../api/types';
import { DEFAULT_TAX, NO_CATEGORY, emptyProductForm, formToBody, productFormSchema, productToForm } from './product-form';

const product: Product = {
  id: 'p1',
  name: 'Flat white',
  sku: 'FW',
  barcode: null,
  price: 350,
  cost: null,
  tax_rate_id: null,
  tax_rate: null,
  category_id: 'c1',
  category: { id: 'c1', name: 'Drinks', color: null, is_active: true },
  track_stock: true,
  stock_quantity: 3,
  low_stock_threshold: 5,
  low_stock: true,
  is_active: true,
  image_url: null,
  modifier_groups: [],
  created_at: '',
  updated_at: '',
};

describe('product form', () => {
  it('turns typed decimals into minor units and empty fields into null', () => {
    const values = { ...emptyProductForm(), name: ' Tea ', price: '2.5', cost: '', barcode: '123', trackStock: true, initialStock: '12' };
    expect(productFormSchema('USD').safeParse(values).success).toBe(true);
    expect(formToBody(values, 'USD')).toEqual({
      name: 'Tea',
      sku: null,
      barcode: '123',
      price: 250,
      cost: null,
      tax_rate_id: null,
      category_id: null,
      track_stock: true,
      initial_stock: 12,
      low_stock_threshold: null,
    });
  });

  it('round-trips a product', () => {
    const values = productToForm(product, 'USD');
    expect(values).toMatchObject({ price: '3.50', categoryId: 'c1', taxRateId: DEFAULT_TAX, lowStockThreshold: '5' });
    expect(formToBody(values, 'USD')).toMatchObject({ price: 350, category_id: 'c1', low_stock_threshold: 5, track_stock: true });
    expect(formToBody({ ...values, categoryId: NO_CATEGORY }, 'USD').category_id).toBeNull();
  });

  it.each([
    [{ price: '' }, 'price', 'Enter the price'],
    [{ price: '1.234' }, 'price', 'Use at most 2 decimal places for USD'],
    [{ price: 'ten' }, 'price', 'Enter an amount such as 12.50'],
    [{ cost: '-1' }, 'cost', 'The cost cannot be negative'],
    [{ barcode: '12 34' }, 'barcode', 'Letters, digits and symbols, without spaces'],
    [{ initialStock: '1.5' }, 'initialStock', 'Stock is a whole number of 0 or more'],
    [{ name: '  ' }, 'name', 'Enter the product name'],
  ])('refuses %j', (change, field, message) => {
    const result = productFormSchema('USD').safeParse({ ...emptyProductForm(), name: 'X', price: '1', ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('follows the currency: yen has no decimals', () => {
    expect(productFormSchema('JPY').safeParse({ ...emptyProductForm(), name: 'Ramen', price: '980' }).success).toBe(true);
    expect(productFormSchema('JPY').safeParse({ ...emptyProductForm(), name: 'Ramen', price: '980.5' }).success).toBe(false);
    expect(formToBody({ ...emptyProductForm(), name: 'Ramen', price: '980' }, 'JPY').price).toBe(980);
  });
});
