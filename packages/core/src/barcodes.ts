/**
 * Barcode rules shared by the server (labels, PDF) and the web (product form, scanning):
 * GS1 check digits for EAN-13, EAN-8 and UPC-A, and what Code 128 and QR accept on a label.
 * Pure: no drawing here (the server draws with bwip-js).
 */

export const BARCODE_KINDS = ['ean13', 'ean8', 'upca', 'code128', 'qr'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

/** Digits of each GS1 kind, check digit included. */
export const GTIN_LENGTHS = { ean13: 13, ean8: 8, upca: 12 } as const;
export type GtinKind = keyof typeof GTIN_LENGTHS;

/** Code 128 on our labels: printable ASCII (space to tilde), at most this many characters. */
export const CODE128_MAX_LENGTH = 48;
/** A QR code on a document (a URL, a payment reference): at most this many characters. */
export const QR_MAX_LENGTH = 1000;

export type BarcodeCheck = { ok: true; value: string } | { ok: false; reason: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isGtinKind = (kind: BarcodeKind): kind is GtinKind => kind in GTIN_LENGTHS;

/**
 * The GS1 mod-10 check digit of the digits before it: weights 3 and 1 alternate from the
 * rightmost digit, and the check digit brings the sum up to a multiple of ten.
 */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  if (!/^\d+$/.test(digitsWithoutCheck)) throw new RangeError('a check digit is computed over digits only');
  let sum = 0;
  for (let index = 0; index < digitsWithoutCheck.length; index += 1) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The full code for a GS1 kind from its digits without the check digit ("590123412345" → "5901234123457"). */
export function withCheckDigit(kind: GtinKind, digitsWithoutCheck: string): string {
  const length = GTIN_LENGTHS[kind] - 1;
  if (!new RegExp(`^\\d{${length}}$`).test(digitsWithoutCheck)) {
    throw new RangeError(`${kindLabel(kind)} needs ${length} digits before its check digit`);
  }
  return digitsWithoutCheck + String(gtinCheckDigit(digitsWithoutCheck));
}

export function kindLabel(kind: BarcodeKind): string {
  return { ean13: 'EAN-13', ean8: 'EAN-8', upca: 'UPC-A', code128: 'Code 128', qr: 'QR code' }[kind];
}

/** Whether `value` can be printed as a barcode of `kind`, and if not, why (a sentence for a person). */
export function checkBarcode(kind: BarcodeKind, value: string): BarcodeCheck {
  if (isGtinKind(kind)) {
    const length = GTIN_LENGTHS[kind];
    if (!/^\d+$/.test(value)) return { ok: false, reason: `${kindLabel(kind)} has digits only` };
    if (value.length !== length) return { ok: false, reason: `${kindLabel(kind)} has ${length} digits, not ${value.length}` };
    const expected = gtinCheckDigit(value.slice(0, -1));
    if (Number(value.at(-1)) !== expected) {
      return { ok: false, reason: `The check digit of this ${kindLabel(kind)} should be ${expected}` };
    }
    return { ok: true, value };
  }
  if (kind === 'code128') {
    if (value.length === 0) return { ok: false, reason: 'Code 128 needs at least one character' };
    if (value.length > CODE128_MAX_LENGTH) return { ok: false, reason: `Code 128 on a label holds at most ${CODE128_MAX_LENGTH} characters` };
    if (!/^[\x20-\x7e]+$/.test(value)) return { ok: false, reason: 'Code 128 holds letters, digits, spaces and ASCII symbols only' };
    return { ok: true, value };
  }
  if (value.length === 0) return { ok: false, reason: 'A QR code needs some text' };
  if (value.length > QR_MAX_LENGTH) return { ok: false, reason: `A QR code on a document holds at most ${QR_MAX_LENGTH} characters` };
  // Lone surrogates cannot be encoded as UTF-8, and NUL ends the text for many readers.
  if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return { ok: false, reason: 'A QR code cannot hold this text' };
  return { ok: true, value };
}

/**
 * The kind a product's stored barcode prints as: a valid EAN-13, UPC-A or EAN-8 by its digits,
 * otherwise Code 128 when it fits, otherwise null (it cannot go on a label).
 */
export function barcodeKindOf(value: string): Exclude<BarcodeKind, 'qr'> | null {
  const gtins: [GtinKind, number][] = [
    ['ean13', 13],
    ['upca', 12],
    ['ean8', 8],
  ];
  for (const [kind, length] of gtins) {
    if (value.length === length && checkBarcode(kind, value).ok) return kind;
  }
  return checkBarcode('code128', value).ok ? 'code128' : null;
}
