/**
 * Legible text on the business's own colours. SPEC's default primary_color (#3b82f6) gives white
 * text only 3.7:1, below WCAG AA's 4.5:1 for small text, so text on a chosen colour is white or
 * near-black, whichever reads better; a chosen text colour that does not read on white falls back.
 */
const DARK_TEXT = '#0f172a';
const LIGHT_TEXT = '#ffffff';

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance, 0 (black) to 1 (white); null for a colour that is not #rgb or #rrggbb. */
export function relativeLuminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours (1 to 21); 1 when either is not a colour. */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return 1;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** White or near-black text, whichever reads better on this background. */
export function readableTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

/** The chosen text colour when it reaches 4.5:1 on the background, else the fallback. */
export function legibleTextColor(color: string, background: string, fallback: string): string {
  return contrastRatio(color, background) >= 4.5 ? color : fallback;
}
