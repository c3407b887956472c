import { z } from 'zod';
import { multiLine, singleLine } from './plain-text.ts';
import type { Receipt, ReceiptRow } from './receipt-layout.ts';

/**
 * The platform's look and a business's own (issue 20 item 4, decision 057): a brand colour every
 * primary button is painted in, with white text on it, so a colour is only taken when that text
 * stays readable — WCAG 2 contrast of at least 4.5:1 (level AA for normal text).
 */

export const MIN_BRAND_CONTRAST = 4.5;
export const RECEIPT_TEXT_MAX = 300;
export const RECEIPT_TEXT_MAX_LINES = 5;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2 relative luminance of "#rrggbb" (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of white text on the colour, 1 … 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Why a brand colour is refused, or null when it may be used. */
export function brandColorProblem(color: string): string | null {
  if (!HEX.test(color)) return 'Enter the colour as # and six hex digits, such as #1d4ed8';
  const ratio = contrastWithWhite(color);
  if (ratio < MIN_BRAND_CONTRAST) {
    return `White text on ${color.toLowerCase()} has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1; choose a darker colour (at least ${MIN_BRAND_CONTRAST}:1)`;
  }
  return null;
}

export const brandColor = z
  .string()
  .superRefine((color, context) => {
    const problem = brandColorProblem(color);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((color) => color.toLowerCase());

export const platformBrandingInput = z.strictObject({
  product_name: singleLine(z.string().trim().min(1, 'The product needs a name').max(40)),
  sign_in_welcome: singleLine(z.string().trim().min(1, 'Write a welcome text').max(200)),
  primary_color: brandColor,
});
export type PlatformBrandingInput = z.infer<typeof platformBrandingInput>;

export const platformBrandingView = z.object({
  product_name: z.string(),
  sign_in_welcome: z.string(),
  primary_color: z.string(),
});
export type PlatformBrandingView = z.infer<typeof platformBrandingView>;

/** A receipt header or footer: at most 300 characters and 5 lines, no control characters. */
export const receiptTextInput = multiLine(z.string().trim().max(RECEIPT_TEXT_MAX, `At most ${RECEIPT_TEXT_MAX} characters`)).refine(
  (text) => text.split('\n').length <= RECEIPT_TEXT_MAX_LINES,
  `At most ${RECEIPT_TEXT_MAX_LINES} lines`,
);

/** The business's own branding; null or an empty text clears it. */
export const businessBrandingInput = z.strictObject({
  brand_color: brandColor.nullable(),
  receipt_header: receiptTextInput.nullable(),
  receipt_footer: receiptTextInput.nullable(),
});
export type BusinessBrandingInput = z.infer<typeof businessBrandingInput>;

export const businessBrandingView = z.object({
  brand_color: z.string().nullable(),
  receipt_header: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  /** The business's colour, or the platform's: what the app paints its primary buttons in. */
  effective_color: z.string(),
});
export type BusinessBrandingView = z.infer<typeof businessBrandingView>;

/**
 * The receipt with the business's own header under its name and its footer at the end, each line
 * centred. Applied by the server (ESC/POS, e-mail) and the receipt page; kept out of buildReceipt
 * so the till's bundle does not carry it (decision 057).
 */
export function withReceiptTexts(receipt: Receipt, business: { receiptHeader?: string | null; receiptFooter?: string | null } | null): Receipt {
  const lines = (text: string | null | undefined): ReceiptRow[] => (text ? text.split('\n').map((line) => ({ kind: 'center', text: line })) : []);
  const [title, ...rest] = receipt.rows;
  return { ...receipt, rows: [...(title ? [title] : []), ...lines(business?.receiptHeader), ...rest, ...lines(business?.receiptFooter)] };
}
