import { describe, expect, it } from 'vitest';
import { contrastRatio, legibleTextColor, readableTextOn } from './colors';

describe('legible text on the widget colours', () => {
  it.each([
    // SPEC's default primary: white reads 3.7:1, near-black 4.9:1.
    ['#3b82f6', '#0f172a'],
    ['#1d4ed8', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#ffffff', '#0f172a'],
    ['#facc15', '#0f172a'],
    ['#b91c1c', '#ffffff'],
    ['#abc', '#0f172a'],
    ['not a colour', '#ffffff'],
  ])('text on %s is %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });

  it.each([
    ['#ffffff', '#000000', 21],
    ['#3b82f6', '#ffffff', 3.68],
    ['#777777', '#ffffff', 4.48],
  ])('contrast of %s on %s is %s', (first, second, ratio) => {
    expect(contrastRatio(first, second)).toBeCloseTo(ratio, 2);
  });

  it('keeps a chosen text colour only when it reads on white', () => {
    expect(legibleTextColor('#64748b', '#ffffff', '#475569')).toBe('#64748b');
    expect(legibleTextColor('#93c5fd', '#ffffff', '#475569')).toBe('#475569');
  });
});
