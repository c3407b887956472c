import { PDFParse } from 'pdf-parse';

/**
 * Reading our PDFs back as a person's viewer would (pdf-parse, on Mozilla's pdf.js): the text
 * of each page, each page's size in points, and each page as a PNG picture.
 */

async function withParser<T>(pdf: Uint8Array, use: (parser: PDFParse) => Promise<T>): Promise<T> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return await use(parser);
  } finally {
    await parser.destroy();
  }
}

/** The text of each page, in reading order, lines joined by "\n". */
export function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  return withParser(pdf, async (parser) => (await parser.getText()).pages.map((page) => page.text));
}

/** Each page's MediaBox width and height in points. */
export function pdfPageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  return withParser(pdf, async (parser) => {
    const info = await parser.getInfo({ parsePageInfo: true });
    return (info.pages ?? []).map((page) => ({ width: page.width, height: page.height }));
  });
}

/** Each page drawn to a PNG at `dpi` dots per inch. */
export function pdfPagePngs(pdf: Uint8Array, dpi = 300): Promise<Buffer[]> {
  return withParser(pdf, async (parser) => {
    const shots = await parser.getScreenshot({ scale: dpi / 72, imageBuffer: true, imageDataUrl: false });
    return shots.pages.map((page) => Buffer.from(page.data));
  });
}
