import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads barcodes back from pictures with ZXing (zxing-wasm: ZXing-C++ compiled to WebAssembly),
 * so tests prove that what we print scans. The WebAssembly file comes from node_modules, never
 * from the network.
 */

let ready: Promise<unknown> | null = null;

function prepare() {
  if (!ready) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    ready = prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }) as Promise<unknown>;
  }
  return ready;
}

export interface DecodedBarcode {
  /** ZXing's name: "EAN13" (UPC-A too, as "0" + its digits), "EAN8", "Code128", "QRCode". */
  format: string;
  text: string;
}

/** Every barcode ZXing finds in a PNG (or JPEG) image, top to bottom. */
export async function decodeBarcodePng(image: Uint8Array): Promise<DecodedBarcode[]> {
  await prepare();
  const results = await readBarcodes(new Uint8Array(image), { tryHarder: true, maxNumberOfSymbols: 64, formats: ['EAN13', 'EAN8', 'UPCA', 'Code128', 'QRCode'] });
  return results
    .filter((result) => result.isValid)
    .sort((a, b) => a.position.topLeft.y - b.position.topLeft.y || a.position.topLeft.x - b.position.topLeft.x)
    .map((result) => ({ format: result.format, text: result.text }));
}
