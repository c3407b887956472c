import { describe, expect, it } from 'vitest';
import { defaultEnabledFeatures } from './features.ts';
import { defaultIndustryTemplate, industryTemplateInput, rescaleTemplatePrice, starterTablePosition, templateProblem } from './industry-templates.ts';

const product = (name: string, category: string | null) => ({ name, price: 350, category });

describe('templateProblem', () => {
  it.each([
    ['no categories, no products', [], [], null],
    ['products in listed categories', ['Coffee', 'Food'], [product('Latte', 'Coffee'), product('Toast', null)], null],
    ['category case differs from the product', ['Coffee'], [product('Latte', 'coffee')], null],
    ['a category twice', ['Coffee', ' coffee'], [], 'The category "coffee" is listed twice'],
    ['a product in a missing category', ['Coffee'], [product('Beer', 'Drinks')], '"Beer" is in the category "Drinks", which the template does not have'],
  ])('%s', (_label, categories, products, message) => {
    expect(templateProblem({ categories, products })?.message ?? null).toBe(message);
  });

  const area = (name: string, ...tables: string[]) => ({ name, tables: tables.map((table) => ({ name: table, seats: 4 })) });
  it.each([
    ['a plan with distinct names', [area('Inside', 'T1', 'T2'), area('Terrace', 'P1')], null],
    ['an area twice, any case', [area('Inside'), area('inside ')], 'The area "inside" is listed twice'],
    ['a table name in two areas', [area('Inside', 'T1'), area('Terrace', 't1')], 'The table "t1" is listed twice'],
    ['over 100 tables in all', [area('A', ...Array.from({ length: 60 }, (_, i) => `A${i}`)), area('B', ...Array.from({ length: 41 }, (_, i) => `B${i}`))], 'A table plan has at most 100 tables'],
  ])('table plan: %s', (_label, dining_areas, message) => {
    expect(templateProblem({ categories: [], products: [], dining_areas })?.message ?? null).toBe(message);
  });
});

describe('rescaleTemplatePrice', () => {
  it.each([
    [950, 'USD', 'USD', 950],
    [950, 'USD', 'EUR', 950],
    [950, 'USD', 'JPY', 10],
    [949, 'USD', 'JPY', 9],
    [950, 'USD', 'KWD', 9500],
    [1200, 'JPY', 'USD', 120000],
    [0, 'USD', 'JPY', 0],
  ])('%i %s in %s is %i', (price, from, to, expected) => {
    expect(rescaleTemplatePrice(price, from, to)).toBe(expected);
  });

  it('lays starter tables out in rows of six', () => {
    expect([0, 5, 6].map(starterTablePosition)).toEqual([{ x: 16, y: 16 }, { x: 616, y: 16 }, { x: 16, y: 136 }]);
  });
});

describe('industryTemplateInput', () => {
  const features = defaultEnabledFeatures({ firstTimeSetup: true });
  it.each([
    ['a valid template', { enabled_features: features, categories: ['Mains'], products: [{ name: 'Soup', price: 650, category: 'Mains' }] }, true],
    ['a fractional price', { enabled_features: features, categories: [], products: [{ name: 'Soup', price: 6.5, category: null }] }, false],
    ['a negative price', { enabled_features: features, categories: [], products: [{ name: 'Soup', price: -1, category: null }] }, false],
    ['a missing feature', { enabled_features: { pos_system: true }, categories: [], products: [] }, false],
    ['an unknown feature', { enabled_features: { ...features, teleport: true }, categories: [], products: [] }, false],
    ['a blank category', { enabled_features: features, categories: ['  '], products: [] }, false],
    ['a duplicate category', { enabled_features: features, categories: ['A', 'a'], products: [] }, false],
    ['receipt texts, a plan and a checklist', { enabled_features: features, categories: [], products: [], currency: 'JPY', receipt_header: 'Reg. 123', receipt_footer: 'See you soon', dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 2 }] }], inspection_points: ['Brakes'] }, true],
    ['an unknown currency', { enabled_features: features, categories: [], products: [], currency: 'XYZ' }, false],
    ['a lower-case currency', { enabled_features: features, categories: [], products: [], currency: 'usd' }, false],
    ['a receipt header of six lines', { enabled_features: features, categories: [], products: [], receipt_header: 'a\nb\nc\nd\ne\nf' }, false],
    ['a table of no seats', { enabled_features: features, categories: [], products: [], dining_areas: [{ name: 'Inside', tables: [{ name: 'T1', seats: 0 }] }] }, false],
    ['a blank checklist point', { enabled_features: features, categories: [], products: [], inspection_points: [' '] }, false],
  ])('%s', (_label, input, ok) => {
    expect(industryTemplateInput.safeParse(input).success).toBe(ok);
  });
});

describe('defaultIndustryTemplate', () => {
  it('is what a new business got before templates: first-time features, no categories or products', () => {
    expect(defaultIndustryTemplate()).toEqual({
      enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }),
      categories: [],
      products: [],
      currency: 'USD',
      receipt_header: null,
      receipt_footer: null,
      dining_areas: [],
      inspection_points: [],
    });
  });
});
