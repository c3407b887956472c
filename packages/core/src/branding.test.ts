import { describe, expect, it } from 'vitest';
import { brandColorProblem, businessBrandingInput, contrastWithWhite, platformBrandingInput, withReceiptTexts } from './branding.ts';
import type { Receipt } from './receipt-layout.ts';

describe('contrastWithWhite', () => {
  it.each([
    ['#000000', 21],
    ['#ffffff', 1],
    ['#171717', 17.93],
    ['#767676', 4.54],
    ['#777777', 4.48],
    ['#1d4ed8', 6.7],
    ['#ff0000', 4],
  ])('white on %s is %s:1', (hex, ratio) => {
    expect(contrastWithWhite(hex)).toBeCloseTo(ratio, 1);
  });
});

describe('brandColorProblem', () => {
  it.each([
    ['#171717', null],
    ['#767676', null],
    ['#1D4ED8', null],
    ['#777777', 'White text on #777777 has a contrast of 4.47:1; choose a darker colour (at least 4.5:1)'],
    ['#ffff00', 'White text on #ffff00 has a contrast of 1.07:1; choose a darker colour (at least 4.5:1)'],
    ['#fff', 'Enter the colour as # and six hex digits, such as #1d4ed8'],
    ['red', 'Enter the colour as # and six hex digits, such as #1d4ed8'],
    ['#12345g', 'Enter the colour as # and six hex digits, such as #1d4ed8'],
  ])('%s → %s', (hex, problem) => {
    expect(brandColorProblem(hex)).toBe(problem);
  });
});

describe('branding inputs', () => {
  it('lower-cases a colour and refuses a light one', () => {
    expect(platformBrandingInput.parse({ product_name: 'Shop', sign_in_welcome: 'Hi', primary_color: '#1D4ED8' }).primary_color).toBe('#1d4ed8');
    expect(platformBrandingInput.safeParse({ product_name: 'Shop', sign_in_welcome: 'Hi', primary_color: '#eeeeee' }).success).toBe(false);
  });

  it.each([
    ['Thanks for shopping\nSee you soon', true],
    ['a\nb\nc\nd\ne\nf', false],
    ['x'.repeat(301), false],
    ['bell\u0007', false],
  ])('receipt footer %j accepted: %s', (text, ok) => {
    expect(businessBrandingInput.safeParse({ brand_color: null, receipt_header: null, receipt_footer: text }).success).toBe(ok);
  });
});

describe('withReceiptTexts', () => {
  const receipt: Receipt = {
    kind: 'sale',
    heading: 'Receipt #1',
    total: 100,
    currency: 'USD',
    rows: [{ kind: 'title', text: 'Corner Shop' }, { kind: 'center', text: 'Receipt #1' }, { kind: 'center', text: 'Thank you!' }],
  };

  it('puts the header under the name and the footer at the end, a centred row per line', () => {
    expect(withReceiptTexts(receipt, { receiptHeader: 'Corner Shop Ltd\nVAT 1', receiptFooter: 'See you soon' }).rows.map((row) => ('text' in row ? row.text : row.kind))).toEqual([
      'Corner Shop',
      'Corner Shop Ltd',
      'VAT 1',
      'Receipt #1',
      'Thank you!',
      'See you soon',
    ]);
  });

  it.each([null, { receiptHeader: null, receiptFooter: null }, { receiptHeader: '', receiptFooter: '' }])('leaves the receipt as it was for %j', (business) => {
    expect(withReceiptTexts(receipt, business)).toEqual(receipt);
  });
});
