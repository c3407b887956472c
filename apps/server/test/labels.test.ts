import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { barcodeKindOf } from '@till/core';
import { labelPositions, LABEL_TEMPLATES, mm, renderLabelsPdf, renderSectionsPdf, type LabelInput } from '../src/lib/documents/index.ts';
import { sampleLabels } from '../src/lib/documents/samples.ts';
import { AppError } from '../src/lib/app-error.ts';
import { decodeBarcodePng } from './barcode-decoder.ts';
import { pdfPagePngs, pdfPageSizes, pdfPageTexts } from './pdf-helpers.ts';

const close = (actual: number, expected: number) => Math.abs(actual - expected) < 0.01;
const ZXING_FORMAT = { ean13: 'EAN13', ean8: 'EAN8', upca: 'EAN13', code128: 'Code128', qr: 'QRCode' } as const;
/**
 * What a scanner reads back. A UPC-A symbol is the EAN-13 symbol of "0" + its 12 digits (GS1):
 * the bars are the same, so ZXing, like a till's scanner, reports the 13-digit form.
 */
const scanned = (barcode: { kind: keyof typeof ZXING_FORMAT; value: string }) => ({
  format: ZXING_FORMAT[barcode.kind],
  text: barcode.kind === 'upca' ? `0${barcode.value}` : barcode.value,
});

describe('label sizes (read from the PDF)', () => {
  it('points are millimetres × 72 / 25.4', () => {
    expect(mm(25.4)).toBe(72);
    expect(mm(38)).toBeCloseTo(107.717, 3);
    expect(mm(25)).toBeCloseTo(70.866, 3);
  });

  it('shelf-38x25: one page of exactly 38 × 25 mm per label, copies included', async () => {
    const labels: LabelInput[] = [{ ...sampleLabels()[0]!, copies: 2 }, sampleLabels()[2]!];
    const sizes = await pdfPageSizes(await renderLabelsPdf({ template: 'shelf-38x25', labels, currency: 'EUR', locale: 'de-DE' }));
    expect(sizes).toHaveLength(3);
    for (const size of sizes) {
      expect(close(size.width, mm(38)), `width ${size.width}`).toBe(true);
      expect(close(size.height, mm(25)), `height ${size.height}`).toBe(true);
    }
  });

  it('a4-3x8: A4 sheets of 24; 1000 labels take 42 sheets', async () => {
    const labels = Array.from({ length: 1000 }, (_, index) => ({ name: `Item ${index}`, price: 100 + index }));
    const sizes = await pdfPageSizes(await renderLabelsPdf({ template: 'a4-3x8', labels, currency: 'EUR', locale: 'de-DE' }));
    expect(sizes).toHaveLength(42);
    expect(sizes.every((size) => close(size.width, mm(210)) && close(size.height, mm(297)))).toBe(true);
  });

  it('a4-3x8: 70 × 37 mm labels, 3 across and 8 down, flush left and right, 0.5 mm top and bottom, no overlap', () => {
    const t = LABEL_TEMPLATES['a4-3x8'];
    expect(t.label).toEqual({ width: 70, height: 37 });
    const positions = labelPositions('a4-3x8', 24);
    expect(new Set(positions.map((p) => p.page))).toEqual(new Set([0]));
    expect([...new Set(positions.map((p) => p.x))]).toEqual([0, mm(70), mm(140)]);
    const rows = [...new Set(positions.map((p) => p.y))];
    expect(rows).toHaveLength(8);
    expect(rows[0]).toBeCloseTo(mm(0.5), 6);
    rows.forEach((y, index) => expect(y).toBeCloseTo(mm(0.5 + 37 * index), 6));
    expect(mm(140) + mm(70)).toBeCloseTo(mm(210), 6);
    expect(rows.at(-1)! + mm(37) + mm(0.5)).toBeCloseTo(mm(297), 6);
    // The 25th label starts the next sheet at the top left; `skip` leaves used positions blank.
    expect(labelPositions('a4-3x8', 25)[24]).toEqual({ page: 1, x: 0, y: mm(0.5) });
    expect(labelPositions('a4-3x8', 1, 4)[0]).toEqual({ page: 0, x: mm(70), y: mm(37.5) });
  });
});

describe('label content', () => {
  it('prints each name, its price in the locale and its unit price', async () => {
    const pdf = await renderLabelsPdf({ template: 'shelf-38x25', labels: sampleLabels(), currency: 'EUR', locale: 'de-DE' });
    const pages = (await pdfPageTexts(pdf)).map((text) => text.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(6);
    expect(pages[0]).toContain('Bio-Vollmilch 3,8 % Fett, 1 l');
    expect(pages[0]).toContain('1,49 €');
    expect(pages[0]).toContain('1,49 € / l');
    expect(pages[1]).toContain('Crème fraîche d’Isigny AOP');
    expect(pages[5]).toContain('1.234,56 €');
    // A name too long for two lines ends with an ellipsis instead of running off the label.
    expect(pages[3]).toMatch(/Wooden spoon .*…/);
    expect(pages[3]).not.toContain('two lines');
  });
});

describe('barcodes scan back to their values', () => {
  it('each kind on a 38 × 25 mm shelf label, read by ZXing from the PDF page drawn at 600 dpi', async () => {
    const labels = sampleLabels();
    const pdf = await renderLabelsPdf({ template: 'shelf-38x25', labels, currency: 'EUR', locale: 'de-DE' });
    const pngs = await pdfPagePngs(pdf, 600);
    expect(pngs).toHaveLength(labels.length);
    for (const [index, png] of pngs.entries()) {
      const barcode = labels[index]!.barcode!;
      const decoded = await decodeBarcodePng(png);
      expect(decoded, `${barcode.kind} ${barcode.value}`).toEqual([scanned(barcode)]);
    }
  });

  it('all 24 labels of an A4 sheet, read from the page drawn at 300 dpi', async () => {
    const values = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? { kind: 'ean13' as const, value: ean13(index) } : { kind: 'code128' as const, value: `TILL-${1000 + index}` }));
    const pdf = await renderLabelsPdf({
      template: 'a4-3x8',
      labels: values.map((barcode, index) => ({ name: `Product ${index}`, price: 199 + index, barcode })),
      currency: 'GBP',
      locale: 'en-GB',
    });
    const [png] = await pdfPagePngs(pdf, 300);
    const decoded = await decodeBarcodePng(png!);
    expect(decoded.map((entry) => entry.text).sort()).toEqual(values.map((entry) => entry.value).sort());
  });

  it('a QR code on a document scans too', async () => {
    const value = 'BCD\n002\n1\nSCT\nCOBADEFFXXX\nCafe Mueller\nDE89370400440532013000\nEUR337.82';
    const pdf = await renderSectionsPdf({
      page: 'receipt-80mm',
      currency: 'EUR',
      locale: 'de-DE',
      title: 'QR',
      sections: [{ kind: 'barcode', barcode: { kind: 'qr', value }, width_mm: 30, height_mm: 30, align: 'center' }],
    });
    const [png] = await pdfPagePngs(pdf, 300);
    expect(await decodeBarcodePng(png!)).toEqual([{ format: 'QRCode', text: value }]);
  });

  it('the decoder reads a bwip-js PNG as well (for tests that render a barcode alone)', async () => {
    const png = await bwipjs.toBuffer({ bcid: 'ean13', text: '5901234123457', scale: 3, includetext: true, paddingwidth: 12, paddingheight: 4, backgroundcolor: 'ffffff' });
    expect(await decodeBarcodePng(png)).toEqual([{ format: 'EAN13', text: '5901234123457' }]);
  });
});

describe('bad label input is a 400, not a broken PDF', () => {
  const render = (labels: LabelInput[], template: 'shelf-38x25' | 'a4-3x8' = 'shelf-38x25') =>
    renderLabelsPdf({ template, labels, currency: 'EUR', locale: 'de-DE' }).catch((error: unknown) => error);

  it.each([
    [{ kind: 'ean13', value: '5901234123458' }, 'invalid_barcode', /check digit of this EAN-13 should be 7/],
    [{ kind: 'upca', value: '03600029145' }, 'invalid_barcode', /UPC-A has 12 digits/],
    [{ kind: 'code128', value: 'Crème' }, 'invalid_barcode', /ASCII/],
    [{ kind: 'code128', value: 'X'.repeat(40) }, 'barcode_too_small', /at least 0.15 mm/],
  ] as const)('%j → %s', async (barcode, code, message) => {
    const error = await render([{ name: 'Thing', price: 100, barcode }]);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code });
    expect((error as AppError).message).toMatch(message);
  });

  it('refuses more than 10,000 labels and a skip outside the sheet', async () => {
    expect(await render([{ name: 'Thing', price: 100, copies: 10_001 }])).toMatchObject({ status: 400, code: 'too_many_labels' });
    const skipped = await renderLabelsPdf({ template: 'a4-3x8', labels: [], currency: 'EUR', locale: 'de-DE', skip: 24 }).catch((error: unknown) => error);
    expect(skipped).toMatchObject({ status: 400, code: 'invalid_skip' });
  });

  it('a stored product barcode picks the kind it prints as', async () => {
    for (const value of ['4006381333931', '036000291452', '96385074', 'SKU-42']) {
      const kind = barcodeKindOf(value)!;
      const pdf = await renderLabelsPdf({ template: 'shelf-38x25', labels: [{ name: value, price: 100, barcode: { kind, value } }], currency: 'EUR', locale: 'de-DE' });
      const [png] = await pdfPagePngs(pdf, 600);
      expect(await decodeBarcodePng(png!)).toEqual([scanned({ kind, value })]);
    }
  });
});

/** A valid EAN-13 per index, check digit by the GS1 rule written out here (not core's). */
function ean13(index: number): string {
  const body = `400000${String(index).padStart(6, '0')}`;
  const sum = [...body].reduce((total, digit, position) => total + Number(digit) * (position % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}
