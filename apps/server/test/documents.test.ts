import { describe, expect, it } from 'vitest';
import { renderDocumentPdf, renderSectionsPdf, unsupportedCharacters, createFormatter, mm, type SectionsInput } from '../src/lib/documents/index.ts';
import { sampleInvoice, samplePurchaseOrder, sampleZReport } from '../src/lib/documents/samples.ts';
import { AppError } from '../src/lib/app-error.ts';
import { pdfPageSizes, pdfPageTexts } from './pdf-helpers.ts';

const A4 = { width: mm(210), height: mm(297) };
const isA4 = (size: { width: number; height: number }) => Math.abs(size.width - A4.width) < 0.01 && Math.abs(size.height - A4.height) < 0.01;
const RECEIPT_WIDTH = 226.77;
/** pdf.js joins a line's pieces with spaces or tabs; Intl puts no-break spaces in amounts. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

async function read(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [texts, sizes] = await Promise.all([pdfPageTexts(pdf), pdfPageSizes(pdf)]);
  return { pages: texts.map(flat), all: flat(texts.join('\n')), sizes };
}

describe('invoice', () => {
  it('on A4: one page with the business, parties, every line, tax by rate and totals in the locale', async () => {
    const { pages, all, sizes } = await read(await renderDocumentPdf(sampleInvoice('a4')));
    expect(sizes).toHaveLength(1);
    expect(isA4(sizes[0]!)).toBe(true);
    expect(pages).toHaveLength(1);
    for (const text of [
      'Café Müller & Söhne GmbH',
      'Königstraße 12',
      'Tax number: DE123456789',
      'Invoice',
      'INV-2025-0042',
      'Zoë Ångström',
      'Ærøskøbing Event AG',
      'Crème brûlée',
      'Łódź smoked sausage',
      'SKU LDZ-042',
      'Smørrebrød platter',
      '1,25 kg',
      '3 h',
      'Bank transfer within 14 days',
      'Goods remain our property until paid in full.',
      'Amtsgericht Stuttgart HRB 12345',
      'Page 1 of 1',
    ]) {
      expect(all).toContain(text);
    }
    // de-DE: comma decimals, euro sign after the amount, calendar dates as dd.mm.yyyy.
    expect(all).toMatch(/Subtotal 297,78 €/);
    expect(all).toMatch(/VAT 7% 9,64 €/);
    expect(all).toMatch(/VAT 19% 30,40 €/);
    expect(all).toMatch(/Total 337,82 €/);
    expect(all).toMatch(/Issue date 09\.03\.2025/);
    expect(all).toMatch(/Delivered 08\.03\.2025, 17:30/); // 16:30 UTC in Europe/Berlin
    expect(all).toMatch(/7 % 137,78 € 9,64 € 147,42 €/); // tax summary row: rate, net, tax, gross
    expect(all).toMatch(/Crème brûlée 4 4,50 € 7 % 18,00 €/);
  });

  it('a long invoice breaks into pages that each repeat the table header and carry "Page n of N"', async () => {
    const { pages, sizes } = await read(await renderDocumentPdf(sampleInvoice('a4', 60)));
    expect(pages.length).toBe(3);
    expect(sizes.every(isA4)).toBe(true);
    pages.forEach((page, index) => {
      expect(page).toContain('Description Qty Unit price Tax Amount');
      expect(page).toContain(`Page ${index + 1} of 3`);
    });
    const text = pages.join('\n');
    // Every line is printed once: none lost or doubled at a page break.
    expect(text.match(/Crème brûlée/g)).toHaveLength(10);
    expect(text.match(/Delivery within Stuttgart \(10\)/g)).toHaveLength(1);
    expect(pages.at(-1)).toMatch(/Total 3\.378,25 €/);
  });

  it('on an 80 mm roll: one page 80 mm wide, as tall as its content, the same figures', async () => {
    const { pages, all, sizes } = await read(await renderDocumentPdf(sampleInvoice('receipt-80mm')));
    expect(pages).toHaveLength(1);
    expect(sizes[0]!.width).toBeCloseTo(RECEIPT_WIDTH, 2);
    expect(sizes[0]!.height).toBeGreaterThan(mm(150));
    expect(sizes[0]!.height).toBeLessThan(mm(400));
    expect(all).toContain('Café Müller & Söhne GmbH');
    expect(all).toMatch(/4 × 4,50 € · 7 %/);
    expect(all).toMatch(/Total 337,82 €/);
    expect(all).not.toContain('Page 1');
  });

  it('refuses a logo that is not a picture with a 400, not a crash', async () => {
    const input = { ...sampleInvoice('a4'), business: { ...sampleInvoice('a4').business, logo: Buffer.from('not an image') } };
    const error = await renderDocumentPdf(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_image' });
  });
});

describe('purchase order', () => {
  it('on A4 and 80 mm: supplier, deliver-to, lines without a tax column, the order total in pounds', async () => {
    for (const page of ['a4', 'receipt-80mm'] as const) {
      const { pages, all } = await read(await renderDocumentPdf(samplePurchaseOrder(page)));
      expect(pages).toHaveLength(1);
      expect(all).toContain('Purchase order');
      expect(all).toContain('PO-000317');
      expect(all).toContain('Bean & Leaf Wholesale Ltd');
      expect(all).toContain('Goods entrance on Feasegate');
      expect(all).toMatch(/Order total £649\.90/);
      expect(all).toMatch(/Order date 10 Mar 2025/);
      if (page === 'a4') {
        expect(all).toContain('Description Qty Unit price Amount');
        expect(all).toMatch(/Arabica beans, Yirgacheffe Supplier SKU YRG-1KG 12 kg £18\.50 £222\.00/);
      } else {
        expect(all).toMatch(/12 kg × £18\.50/);
      }
    }
  });
});

describe('Z report (sections)', () => {
  it('on A4: every section, rupees in lakh grouping, page numbers', async () => {
    const { pages, all, sizes } = await read(await renderSectionsPdf(sampleZReport('a4')));
    expect(pages).toHaveLength(2);
    expect(sizes.map(isA4)).toEqual([true, true]);
    for (const heading of ['Z report', 'Sales', 'Payments', 'Tax by rate', 'Sales by category', 'Cash drawer']) expect(all).toContain(heading);
    expect(all).toMatch(/Net sales ₹9,27,000\.50/);
    expect(all).toMatch(/Card 388 ₹6,43,250\.50/);
    expect(all).toMatch(/12% ₹2,28,839\.29 ₹27,460\.71 ₹2,56,300\.00/);
    expect(all).toMatch(/Difference -₹50\.00/);
    expect(all).toMatch(/Opened 9 Mar 2025, 7:30 am/); // 02:00 UTC in Asia/Kolkata
    expect(pages[1]).toContain('Page 2 of 2');
  });

  it('on an 80 mm roll: one page with the same figures', async () => {
    const { pages, all, sizes } = await read(await renderSectionsPdf(sampleZReport('receipt-80mm')));
    expect(pages).toHaveLength(1);
    expect(sizes[0]!.width).toBeCloseTo(RECEIPT_WIDTH, 2);
    expect(all).toMatch(/Net sales ₹9,27,000\.50/);
    expect(all).toMatch(/Gift card 6 ₹2,400\.00/);
    expect(all).toContain('GSTIN 29ABCDE1234F1Z5');
  });
});

describe('money and text in the fonts', () => {
  const doc = (currency: string, locale: string, amount: number, label = 'Total'): SectionsInput => ({
    page: 'a4',
    currency,
    locale,
    title: 'Money',
    sections: [{ kind: 'totals', rows: [{ label, amount, strong: true }] }],
  });

  it.each([
    ['EUR', 'fr-FR', 123_456, 'Total 1 234,56 €'],
    ['GBP', 'en-GB', 123_456, 'Total £1,234.56'],
    ['JPY', 'ja-JP', 123_456, 'Total ¥123,456'],
    ['INR', 'hi-IN', 12_345_678, 'Total ₹1,23,456.78'],
    ['KWD', 'en-US', 1_234_567, 'Total KWD 1,234.567'],
    ['PLN', 'pl-PL', 123_456, 'Total 1234,56 zł'],
    ['TRY', 'tr-TR', 123_456, 'Total ₺1.234,56'],
    ['USD', 'en-US', -2_500, 'Total -$25.00'],
    ['THB', 'th-TH', 123_456, 'Total THB 1,234.56'],
    ['EGP', 'ar-EG', 123_456, 'EGP'],
  ])('%s in %s prints as %j', async (currency, locale, amount, expected) => {
    const { all } = await read(await renderSectionsPdf(doc(currency, locale, amount)));
    expect(all).toContain(expected);
  });

  it('the fonts draw € £ ¥ ₹ and the accented, Greek and Cyrillic names of our customers', () => {
    expect(unsupportedCharacters('€ £ ¥ ₹ ₺ ₽ ₴ ₩ ¢ ½ – — “ ” ‘ ’ … • № ™')).toEqual([]);
    expect(unsupportedCharacters('Zoë Ångström Łódź Dvořák Şahin İstanbul Nguyễn Đức Thắng Ștefan Ærø Straße ẞ')).toEqual([]);
    expect(unsupportedCharacters('Αθήνα Москва Київ')).toEqual([]);
    // What they cannot draw is known, so a caller can warn instead of printing boxes.
    expect(unsupportedCharacters('東京 ฿ 😀')).toEqual(['東', '京', '฿', '😀']);
  });

  it('every locale and currency a business may pick formats with characters the fonts draw', () => {
    for (const [currency, locale] of [
      ['EUR', 'de-DE'],
      ['EUR', 'fr-FR'],
      ['CHF', 'de-CH'],
      ['JPY', 'ja-JP'],
      ['CNY', 'zh-CN'],
      ['KRW', 'ko-KR'],
      ['ILS', 'he-IL'],
      ['THB', 'th-TH'],
      ['EGP', 'ar-EG'],
      ['IRR', 'fa-IR'],
      ['SEK', 'sv-SE'],
    ]) {
      const format = createFormatter({ currency: currency!, locale: locale!, timeZone: 'UTC' });
      for (const text of [format.money(-123_456_789), format.quantity(1234.5), format.rate(1950), format.date('2025-03-09'), format.date('2025-03-09T12:00:00Z')]) {
        expect(unsupportedCharacters(text), `${currency} ${locale}: ${text}`).toEqual([]);
      }
    }
  });

  it('a bad currency code fails before anything is drawn', async () => {
    await expect(renderSectionsPdf(doc('EURO', 'en-GB', 100))).rejects.toThrow(RangeError);
  });

  it('control characters and decomposed accents do not reach the PDF', async () => {
    const { all } = await read(await renderSectionsPdf({ ...doc('EUR', 'en-GB', 100), sections: [{ kind: 'text', text: 'Cafe\u0301 \u0000bell\u0007 tab\there' }] }));
    expect(all).toContain('Café bell tab here');
  });
});
