import { describe, expect, it } from 'vitest';
import { barcodeKindOf, checkBarcode, CODE128_MAX_LENGTH, gtinCheckDigit, withCheckDigit, type BarcodeKind } from './barcodes.ts';

// Published examples: GS1's and Wikipedia's EAN-13 / EAN-8 / UPC-A samples and an ISBN-13.
const validCodes: [BarcodeKind, string][] = [
  ['ean13', '5901234123457'],
  ['ean13', '4006381333931'],
  ['ean13', '9780306406157'],
  ['ean13', '0012345678905'],
  ['ean13', '4000000000006'],
  ['ean8', '96385074'],
  ['ean8', '55123457'],
  ['ean8', '00000000'],
  ['upca', '036000291452'],
  ['upca', '012345678905'],
  ['upca', '614141000036'],
];

describe('GS1 check digits', () => {
  it.each(validCodes)('%s %s is valid', (kind, code) => {
    expect(checkBarcode(kind, code)).toEqual({ ok: true, value: code });
  });

  it.each(validCodes)('%s %s: the check digit is computed from the digits before it', (kind, code) => {
    expect(gtinCheckDigit(code.slice(0, -1))).toBe(Number(code.at(-1)));
    expect(withCheckDigit(kind as 'ean13' | 'ean8' | 'upca', code.slice(0, -1))).toBe(code);
  });

  it.each([
    ['ean13', '5901234123458', 'The check digit of this EAN-13 should be 7'],
    ['ean13', '4006381333930', 'The check digit of this EAN-13 should be 1'],
    ['ean13', '590123412345', 'EAN-13 has 13 digits, not 12'],
    ['ean13', '59012341234570', 'EAN-13 has 13 digits, not 14'],
    ['ean13', '590123412345A', 'EAN-13 has digits only'],
    ['ean13', ' 5901234123457', 'EAN-13 has digits only'],
    ['ean13', '', 'EAN-13 has digits only'],
    ['ean8', '96385075', 'The check digit of this EAN-8 should be 4'],
    ['ean8', '9638507', 'EAN-8 has 8 digits, not 7'],
    ['upca', '036000291453', 'The check digit of this UPC-A should be 2'],
    ['upca', '36000291452', 'UPC-A has 12 digits, not 11'],
    ['upca', '٠٣٦٠٠٠٢٩١٤٥٢', 'UPC-A has digits only'],
  ] as const)('%s %j is refused: %s', (kind, code, reason) => {
    expect(checkBarcode(kind, code)).toEqual({ ok: false, reason });
  });

  it('every single-digit error in an EAN-13 is caught', () => {
    const code = '5901234123457';
    for (let position = 0; position < code.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === code[position]) continue;
        const changed = code.slice(0, position) + digit + code.slice(position + 1);
        expect(checkBarcode('ean13', changed).ok, changed).toBe(false);
      }
    }
  });

  it('withCheckDigit refuses the wrong number of digits', () => {
    expect(() => withCheckDigit('ean13', '5901234123457')).toThrow('EAN-13 needs 12 digits before its check digit');
    expect(() => withCheckDigit('ean8', '12a4567')).toThrow('EAN-8 needs 7 digits');
    expect(() => gtinCheckDigit('12-4')).toThrow();
  });
});

describe('Code 128 and QR input', () => {
  it.each([
    ['TILL-000123', true],
    ['abc 123 ~!@#$%^&*()', true],
    ['A', true],
    ['x'.repeat(CODE128_MAX_LENGTH), true],
    ['x'.repeat(CODE128_MAX_LENGTH + 1), false],
    ['', false],
    ['Crème', false],
    ['tab\there', false],
    ['line\nbreak', false],
    ['nul\u0000', false],
  ])('code128 %j → %s', (value, ok) => {
    expect(checkBarcode('code128', value).ok).toBe(ok);
  });

  it('says why a Code 128 value is refused', () => {
    expect(checkBarcode('code128', 'Crème')).toEqual({ ok: false, reason: 'Code 128 holds letters, digits, spaces and ASCII symbols only' });
    expect(checkBarcode('code128', '')).toEqual({ ok: false, reason: 'Code 128 needs at least one character' });
  });

  it.each([
    ['https://till.example/p/123', true],
    ['Zahlung an Müller GmbH, € 12,50', true],
    ['', false],
    ['a\u0000b', false],
    ['lone \ud800 surrogate', false],
    ['pair 😀 ok', true],
    ['q'.repeat(1001), false],
  ])('qr %j → %s', (value, ok) => {
    expect(checkBarcode('qr', value).ok).toBe(ok);
  });
});

describe('barcodeKindOf (a stored product barcode)', () => {
  it.each([
    ['5901234123457', 'ean13'],
    ['036000291452', 'upca'],
    ['96385074', 'ean8'],
    ['5901234123458', 'code128'],
    ['12345', 'code128'],
    ['SKU-42/blue', 'code128'],
    ['Crème', null],
    ['x'.repeat(CODE128_MAX_LENGTH + 1), null],
  ])('%s prints as %s', (value, kind) => {
    expect(barcodeKindOf(value)).toBe(kind);
  });
});
