import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Reading barcodes from a phone's or laptop's camera (issue 14 item 8) with ZXing (zxing-wasm:
 * ZXing-C++ compiled to WebAssembly, the maintained reader the tests also decode labels with).
 * The WebAssembly file is one of our own built assets, never fetched from a CDN. This module is
 * only ever imported lazily (components/camera-scan-button.tsx), so the till never loads it.
 */

let prepared: Promise<unknown> | null = null;

function prepare() {
  prepared ??= Promise.resolve(
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    }),
  );
  return prepared;
}

/** The formats shops print and suppliers use: EAN/UPC on goods, Code 128 on shelves and cartons, QR. */
const OPTIONS: ReaderOptions = { formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'Code39', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 1 };

/** The codes ZXing reads (with valid check digits) in one camera frame. */
export async function readCodesFromFrame(frame: ImageData): Promise<string[]> {
  await prepare();
  const results = await readBarcodes(frame, OPTIONS);
  return results.filter((result) => result.isValid && result.text).map((result) => result.text);
}

/**
 * A code in view stays in view for many frames: it counts once, however long it is held, and
 * counts again only after it left the picture for `gapMs` (the next identical item shown).
 */
export function createScanDebouncer(options: { gapMs?: number } = {}) {
  const gapMs = options.gapMs ?? 600;
  let last: { code: string; seenAt: number } | null = null;
  return {
    /** Frames read at `now` with the codes in them; returns the codes to act on. */
    frame(codes: string[], now: number): string[] {
      const accepted: string[] = [];
      for (const code of codes) {
        const stillInView = last !== null && last.code === code && now - last.seenAt < gapMs;
        if (!stillInView) accepted.push(code);
        last = { code, seenAt: now };
      }
      return accepted;
    },
  };
}
