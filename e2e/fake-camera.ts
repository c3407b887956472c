import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';

const WIDTH = 640;
const HEIGHT = 360;
const MODULE_PX = 3;

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows one
 * EAN-13 barcode, black bars on white, as a phone held over a product would: the browser's
 * getUserMedia then yields real frames, which the page decodes itself. Y4M (raw 4:2:0) is the one
 * format Chromium reads without a codec. The bars come from bwip-js, the label printer's encoder.
 */
export function barcodeCameraVideo(ean13: string): string {
  const [symbol] = bwipjs.raw('ean13', ean13, {}) as { sbs: number[] }[];
  if (!symbol?.sbs) throw new Error('bwip-js gave no bar widths');
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(235);
  const totalModules = symbol.sbs.reduce((sum, width) => sum + width, 0);
  let x = Math.floor((WIDTH - totalModules * MODULE_PX) / 2);
  const top = Math.floor(HEIGHT * 0.25);
  const bottom = Math.floor(HEIGHT * 0.75);
  symbol.sbs.forEach((modules, index) => {
    const px = Math.round(modules * MODULE_PX);
    // sbs alternates bar, space, bar, … starting with a bar.
    if (index % 2 === 0) for (let row = top; row < bottom; row += 1) luma.fill(16, row * WIDTH + x, row * WIDTH + x + px);
    x += px;
  });
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'till-camera-')), `${ean13}.y4m`);
  writeFileSync(file, Buffer.concat([header, frame]));
  return file;
}
