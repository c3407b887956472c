/**
 * Tells a keyboard-wedge barcode scanner from a person typing. A scanner "types" the code far
 * faster than anyone can (a few ms per key) and ends it with Enter; a person types slower.
 *
 * The rule: printable keys then Enter are a scan when at least `minLength` of them came, on
 * average, less than `maxGapMs` apart (Enter included). One key may lag (a busy page, a
 * Bluetooth scanner's radio) without breaking the burst, up to `maxStallMs`; a longer pause
 * always starts afresh. The scan is the longest tail of the burst that is fast on average, so a
 * run of slower typing just before it is left out (a key a person pressed a moment before the
 * trigger cannot be told apart by timing; the lookup then finds no product and says so).
 *
 * Pure: the caller passes each key with its timestamp (KeyboardEvent.timeStamp in the
 * browser, plain numbers in tests), so the rule is tested without timers.
 */

export interface BarcodeDetectorOptions {
  /** The scan's keys must come less than this far apart on average (ms). */
  maxGapMs: number;
  /** No single gap inside a scan may be this long or longer (ms). */
  maxStallMs: number;
  /** Fewer characters than this before Enter is not a scan (a quick "ok⏎" is not a barcode). */
  minLength: number;
  /** Longer bursts keep only their last characters (barcodes are at most a few dozen). */
  maxLength: number;
}

export const DEFAULT_BARCODE_OPTIONS: BarcodeDetectorOptions = { maxGapMs: 50, maxStallMs: 250, minLength: 4, maxLength: 64 };

export interface BarcodeKey {
  /** KeyboardEvent.key: "7", "A", "Enter", "Shift"... */
  key: string;
  /** When it was pressed, in ms on any monotonic clock. */
  at: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** A held-down key repeating is never a scanner. */
  repeat?: boolean;
}

export interface DetectorState {
  /** The burst so far: each character with when it came. */
  readonly keys: readonly { char: string; at: number }[];
  readonly lastAt: number | null;
}

export const INITIAL_DETECTOR_STATE: DetectorState = { keys: [], lastAt: null };

export interface DetectorStep {
  state: DetectorState;
  /** The scanned code when this key (an Enter) completed a scan; the caller should swallow that Enter. */
  scan: string | null;
  /**
   * This key came less than `maxGapMs` after the previous one: probably part of a scan, so a
   * single-key shortcut (+, −) should not act on it.
   */
  fastFollow: boolean;
}

// Shift comes before capitals, and the others are held with them: none of them ends a burst.
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

const isPrintable = (key: string) => key.length === 1;

/** The longest tail of `keys`, at least `minLength` long, whose keys up to `enterAt` average under `maxGapMs` apart. */
function fastTail(keys: DetectorState['keys'], enterAt: number, options: BarcodeDetectorOptions): string | null {
  for (let start = 0; keys.length - start >= options.minLength; start += 1) {
    const count = keys.length - start;
    // `count` gaps: between the characters, and from the last one to Enter.
    if ((enterAt - keys[start]!.at) / count < options.maxGapMs) {
      return keys
        .slice(start)
        .map((key) => key.char)
        .join('');
    }
  }
  return null;
}

export function feedBarcodeKey(
  state: DetectorState,
  input: BarcodeKey,
  options: BarcodeDetectorOptions = DEFAULT_BARCODE_OPTIONS,
): DetectorStep {
  if (MODIFIERS.has(input.key)) return { state, scan: null, fastFollow: false };

  const gap = state.lastAt === null ? null : input.at - state.lastAt;
  const fast = gap !== null && gap >= 0 && gap < options.maxGapMs;
  const continues = gap !== null && gap >= 0 && gap < options.maxStallMs;
  if (input.repeat || input.ctrlKey || input.altKey || input.metaKey) {
    return { state: INITIAL_DETECTOR_STATE, scan: null, fastFollow: false };
  }

  if (input.key === 'Enter') {
    const scan = continues ? fastTail(state.keys, input.at, options) : null;
    return { state: INITIAL_DETECTOR_STATE, scan, fastFollow: fast };
  }

  if (isPrintable(input.key)) {
    const key = { char: input.key, at: input.at };
    const keys = continues ? [...state.keys, key].slice(-options.maxLength) : [key];
    return { state: { keys, lastAt: input.at }, scan: null, fastFollow: fast };
  }

  // Arrows, Backspace, Tab, F-keys: a person is editing, not a scanner typing.
  return { state: INITIAL_DETECTOR_STATE, scan: null, fastFollow: false };
}

/** The same rule with its state kept inside, for one keydown listener. */
export function createBarcodeDetector(options: BarcodeDetectorOptions = DEFAULT_BARCODE_OPTIONS) {
  let state = INITIAL_DETECTOR_STATE;
  return {
    feed(input: BarcodeKey): Omit<DetectorStep, 'state'> {
      const step = feedBarcodeKey(state, input, options);
      state = step.state;
      return { scan: step.scan, fastFollow: step.fastFollow };
    },
    reset() {
      state = INITIAL_DETECTOR_STATE;
    },
  };
}

/**
 * The scanner typed its code into whatever field had focus before the Enter told us it was a
 * scan: the field's value without that code (its last occurrence), or null when it is not there.
 */
export function withoutScannedCode(value: string, code: string): string | null {
  const index = value.lastIndexOf(code);
  if (index < 0) return null;
  return value.slice(0, index) + value.slice(index + code.length);
}
