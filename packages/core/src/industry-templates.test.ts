import { describe, expect, it } from 'vitest';
import { defaultEnabledFeatures } from './features.ts';
import { defaultIndustryTemplate, industryTemplateInput, templateProblem } from './industry-templates.ts';

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
  ])('%s', (_label, input, ok) => {
    expect(industryTemplateInput.safeParse(input).success).toBe(ok);
  });
});

describe('defaultIndustryTemplate', () => {
  it('is what a new business got before templates: first-time features, no categories or products', () => {
    expect(defaultIndustryTemplate()).toEqual({ enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }), categories: [], products: [] });
  });
});
