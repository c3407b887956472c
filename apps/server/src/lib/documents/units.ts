/** PDF user space is in points: 72 to the inch, 25.4 mm to the inch. */
export const POINTS_PER_MM = 72 / 25.4;

/** Millimetres to points: mm(210) = 595.28. */
export const mm = (millimetres: number): number => millimetres * POINTS_PER_MM;

/** Points to millimetres, for messages and tests. */
export const toMm = (points: number): number => points / POINTS_PER_MM;

export const PAGE_SIZES = {
  /** ISO 216 A4: 210 × 297 mm. */
  a4: { width: mm(210), height: mm(297) },
  /** 80 mm receipt roll: the page is as tall as its content. */
  'receipt-80mm': { width: mm(80), height: null },
} as const;

export type PageFormat = keyof typeof PAGE_SIZES;
