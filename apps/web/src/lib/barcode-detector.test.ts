import { describe, expect, it } from 'vitest';
import { createBarcodeDetector, feedBarcodeKey, INITIAL_DETECTOR_STATE, withoutScannedCode, type BarcodeKey } from '@/lib/barcode-detector';

/** Types `text` then Enter, one key every `gapMs`, starting at `start`; returns every step's result. */
function type(text: string, gapMs: number, { start = 1000, enterGapMs = gapMs } = {}) {
  const detector = createBarcodeDetector();
  const keys: BarcodeKey[] = [...text].map((key, index) => ({ key, at: start + index * gapMs }));
  keys.push({ key: 'Enter', at: start + (text.length - 1) * gapMs + enterGapMs });
  return keys.map((key) => detector.feed(key));
}

const scanOf = (steps: { scan: string | null }[]) => steps.at(-1)!.scan;

describe('barcode detector', () => {
  it('recognises a scanner: fast keys ending in a fast Enter', () => {
    expect(scanOf(type('4006381333931', 8))).toBe('4006381333931');
  });

  it('leaves slow typing alone, even when it ends in Enter', () => {
    expect(scanOf(type('4006381333931', 120))).toBeNull();
    expect(scanOf(type('coffee', 80))).toBeNull();
  });

  it('needs at least four characters', () => {
    expect(scanOf(type('123', 5))).toBeNull();
    expect(scanOf(type('1234', 5))).toBe('1234');
  });

  it('treats 50 ms apart as too slow (strictly under 50 ms is a burst)', () => {
    expect(scanOf(type('12345', 49))).toBe('12345');
    expect(scanOf(type('12345', 50))).toBeNull();
  });

  it('needs the Enter to follow without a pause', () => {
    expect(scanOf(type('12345678', 5, { enterGapMs: 400 }))).toBeNull();
  });

  it('tolerates one lagging key inside a scan (a busy page, a Bluetooth scanner)', () => {
    const detector = createBarcodeDetector();
    const times = [0, 22, 40, 133, 147, 160, 173, 185, 198, 210, 225, 237, 379];
    [...'4006381333931'].forEach((key, index) => detector.feed({ key, at: times[index]! }));
    expect(detector.feed({ key: 'Enter', at: 392 }).scan).toBe('4006381333931');
  });

  it('tolerates a lag even between the first two characters', () => {
    const detector = createBarcodeDetector();
    [...'5012345678900'].forEach((key, index) => detector.feed({ key, at: index === 0 ? 0 : 125 + index * 12 }));
    expect(detector.feed({ key: 'Enter', at: 125 + 13 * 12 }).scan).toBe('5012345678900');
  });

  it('a pause of a quarter second or more always ends a burst', () => {
    expect(scanOf(type('1234', 250))).toBeNull();
    const detector = createBarcodeDetector();
    ['1', '2', '3'].forEach((key, index) => detector.feed({ key, at: index * 5 }));
    detector.feed({ key: '4', at: 10 + 250 });
    expect(detector.feed({ key: 'Enter', at: 265 }).scan).toBeNull();
  });

  it('typing that merely has a quick pair of keys in it is not a scan', () => {
    const detector = createBarcodeDetector();
    const times = [0, 30, 190, 220, 380];
    [...'milk'].forEach((key, index) => detector.feed({ key, at: times[index]! }));
    expect(detector.feed({ key: 'Enter', at: times[4]! }).scan).toBeNull();
  });

  it('starts a new burst after a pause, so text typed before a scan is not part of the code', () => {
    const detector = createBarcodeDetector();
    detector.feed({ key: 'm', at: 0 });
    detector.feed({ key: 'i', at: 200 });
    const keys = [...'9780201379624'].map((key, index) => ({ key, at: 1000 + index * 10 }));
    for (const key of keys) detector.feed(key);
    expect(detector.feed({ key: 'Enter', at: 1000 + keys.length * 10 }).scan).toBe('9780201379624');
  });

  it('ignores Shift between capitals (scanners press it for letters)', () => {
    const detector = createBarcodeDetector();
    let at = 0;
    for (const key of ['Shift', 'A', 'Shift', 'B', '1', '2', '3']) detector.feed({ key, at: (at += 4) });
    expect(detector.feed({ key: 'Enter', at: at + 4 }).scan).toBe('AB123');
  });

  it('drops the burst on an editing key, a modifier shortcut or a repeating key', () => {
    for (const interrupt of [{ key: 'Backspace' }, { key: 'c', ctrlKey: true }, { key: '5', repeat: true }]) {
      const detector = createBarcodeDetector();
      for (const [index, key] of [...'1234'].entries()) detector.feed({ key, at: index * 5 });
      detector.feed({ ...interrupt, at: 20 });
      expect(detector.feed({ key: 'Enter', at: 25 }).scan).toBeNull();
    }
  });

  it('says which keys follow the previous one quickly, so + and − in a code are not shortcuts', () => {
    const steps = type('12-34', 6);
    expect(steps.map((step) => step.fastFollow)).toEqual([false, true, true, true, true, true]);
    const lone = feedBarcodeKey(INITIAL_DETECTOR_STATE, { key: '+', at: 10_000 });
    expect(lone.fastFollow).toBe(false);
  });

  it('a clock going backwards never glues keys together', () => {
    const step1 = feedBarcodeKey(INITIAL_DETECTOR_STATE, { key: '1', at: 100 });
    const step2 = feedBarcodeKey(step1.state, { key: '2', at: 90 });
    expect(step2.fastFollow).toBe(false);
    expect(step2.state.keys.map((key) => key.char).join('')).toBe('2');
  });

  it('after a scan the next scan starts clean', () => {
    const detector = createBarcodeDetector();
    const scan = (code: string, start: number) => {
      [...code].forEach((key, index) => detector.feed({ key, at: start + index * 5 }));
      return detector.feed({ key: 'Enter', at: start + code.length * 5 }).scan;
    };
    expect(scan('11112222', 0)).toBe('11112222');
    expect(scan('33334444', 60)).toBe('33334444');
  });
});

describe('withoutScannedCode', () => {
  it('takes the scanned code out of the field it was typed into', () => {
    expect(withoutScannedCode('milk4006381333931', '4006381333931')).toBe('milk');
    expect(withoutScannedCode('4006381333931', '4006381333931')).toBe('');
    expect(withoutScannedCode('ab1234cd', '1234')).toBe('abcd');
  });

  it('leaves a field without the code alone', () => {
    expect(withoutScannedCode('milk', '1234')).toBeNull();
  });
});
