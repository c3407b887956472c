import { describe, expect, it } from 'vitest';
import { canMoveRepairOrder, checkVin, decodeVin, hoursToHundredths, labourAmount, priceRepairOrder, vinCheckDigit } from './workshop.ts';

describe('VIN check digit (ISO 3779 position 9)', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['1HGCM82633A004352', '3'],
    ['11111111111111111', '1'],
    ['JHMCM56557C404453', '5'],
    ['5YJ3E1EA2KF317000', '2'],
  ])('%s carries %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(checkVin(vin)).toEqual({ ok: true, value: vin });
  });

  it.each([
    ['1hgcm82633a004352', { ok: true, value: '1HGCM82633A004352' }],
    [' 1HG CM826 33A-004352 ', { ok: true, value: '1HGCM82633A004352' }],
    ['1HGCM82643A004352', { ok: false, reason: 'check_digit' }],
    ['1HGCM82633A00435', { ok: false, reason: 'length' }],
    ['1HGCM82633A0043521', { ok: false, reason: 'length' }],
    ['1HGCM8263OA004352', { ok: false, reason: 'characters' }],
    ['1HGCM8263IA004352', { ok: false, reason: 'characters' }],
    ['1HGCM8263QA004352', { ok: false, reason: 'characters' }],
    ['1HGCM82633A00435!', { ok: false, reason: 'characters' }],
    ['', { ok: false, reason: 'length' }],
  ])('%j → %j', (input, expected) => {
    expect(checkVin(input)).toMatchObject(expected);
  });
});

describe('VIN decoding', () => {
  it.each([
    ['1HGCM82633A004352', { wmi: '1HG', manufacturer: 'Honda', region: 'North America', modelYear: 2003, plant: 'A', serial: '004352' }],
    ['JHMCM56557C404453', { manufacturer: 'Honda', region: 'Asia', modelYear: 2007, plant: 'C' }],
    ['5YJ3E1EA2KF317000', { manufacturer: 'Tesla', modelYear: 2019, plant: 'F' }],
    // A digit at position 7 of a North American VIN puts an "X" in 1999, not 2029.
    ['1M8GDM9AXKP042788', { manufacturer: null, modelYear: 1989, plant: 'P' }],
  ])('%s', (vin, expected) => {
    expect(decodeVin(vin, 2026)).toMatchObject(expected);
  });

  it('is null for an invalid VIN', () => {
    expect(decodeVin('1HGCM82643A004352')).toBeNull();
  });
});

describe('hours and labour', () => {
  it.each([
    [1.5, 150],
    ['2.25', 225],
    ['0.1', 10],
    [3, 300],
    ['999.99', 99999],
    [0, null],
    [-1, null],
    ['1.234', null],
    ['abc', null],
    [Number.NaN, null],
    ['1000', null],
  ])('%j hours → %j hundredths', (input, expected) => {
    expect(hoursToHundredths(input)).toBe(expected);
  });

  it.each([
    [150, 8000, 12000],
    [125, 9999, 12499], // 124.9875 → 124.99
    [33, 1000, 330],
    [1, 50, 1], // 0.5 rounds half away from zero
  ])('%i hundredths × %i → %i', (hours, rate, amount) => {
    expect(labourAmount(hours, rate)).toBe(amount);
  });
});

describe('repair order pricing', () => {
  it('adds labour and parts per job with tax added, and leaves declined jobs out of what is payable', () => {
    const priced = priceRepairOrder({
      pricesIncludeTax: false,
      jobs: [
        {
          approval: 'approved',
          lines: [
            { kind: 'labour', hoursHundredths: 150, rate: 8000, taxRateBasisPoints: 2000 },
            { kind: 'part', quantity: 2, unitPrice: 2550, taxRateBasisPoints: 2000 },
          ],
        },
        { approval: 'declined', lines: [{ kind: 'part', quantity: 1, unitPrice: 10000, taxRateBasisPoints: 2000 }] },
      ],
    });
    expect(priced.jobs[0]).toMatchObject({ labour: 12000, parts: 5100, subtotal: 17100, tax: 3420, total: 20520 });
    expect(priced.jobs[1]).toMatchObject({ subtotal: 10000, tax: 2000, total: 12000 });
    expect(priced.quoted).toEqual({ subtotal: 27100, tax: 5420, total: 32520 });
    expect(priced).toMatchObject({ subtotal: 17100, tax: 3420, total: 20520 });
  });

  it('takes tax out of tax-inclusive prices line by line', () => {
    const priced = priceRepairOrder({
      pricesIncludeTax: true,
      jobs: [{ approval: 'pending', lines: [{ kind: 'labour', hoursHundredths: 100, rate: 12000, taxRateBasisPoints: 2000 }] }],
    });
    expect(priced).toMatchObject({ subtotal: 10000, tax: 2000, total: 12000 });
  });

  it('refuses a negative price or a fractional quantity', () => {
    expect(() => priceRepairOrder({ pricesIncludeTax: false, jobs: [{ approval: 'pending', lines: [{ kind: 'part', quantity: 1, unitPrice: -1, taxRateBasisPoints: 0 }] }] })).toThrow();
    expect(() => priceRepairOrder({ pricesIncludeTax: false, jobs: [{ approval: 'pending', lines: [{ kind: 'part', quantity: 1.5, unitPrice: 1, taxRateBasisPoints: 0 }] }] })).toThrow();
  });
});

describe('repair order statuses', () => {
  it.each([
    ['estimate', 'approved', true],
    ['estimate', 'waiting_for_approval', false],
    ['estimate', 'in_progress', false],
    ['waiting_for_approval', 'estimate', true],
    ['approved', 'in_progress', true],
    ['in_progress', 'ready', true],
    ['ready', 'invoiced', true],
    ['invoiced', 'paid', true],
    ['paid', 'estimate', false],
    ['declined', 'approved', false],
    ['ready', 'paid', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveRepairOrder(from, to)).toBe(allowed);
  });
});
