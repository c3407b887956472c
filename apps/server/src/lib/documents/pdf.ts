import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * One pdfkit document with our fonts, collected into a Buffer. Fonts are read from disk once
 * per process; pdfkit embeds only the glyphs a document uses.
 */

export const FONT = { regular: 'TillSans-Regular', bold: 'TillSans-Bold' } as const;

// Beside this file in the sources; beside the bundle (apps/server/dist/fonts) once built.
const FONT_DIR = new URL('./fonts/', import.meta.url);
let fontData: { regular: Buffer; bold: Buffer } | null = null;

function fonts() {
  fontData ??= {
    regular: readFileSync(new URL('TillSans-Regular.ttf', FONT_DIR)),
    bold: readFileSync(new URL('TillSans-Bold.ttf', FONT_DIR)),
  };
  return fontData;
}

export interface Pdf {
  doc: PDFKit.PDFDocument;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

export interface PdfOptions {
  title: string;
  author?: string | undefined;
  subject?: string | undefined;
  /** Keep pages in memory so page numbers can be written at the end (documents, not labels). */
  bufferPages?: boolean;
}

export function createPdf(options: PdfOptions): Pdf {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: options.bufferPages ?? false,
    margin: 0,
    // No default font: pdfkit would otherwise load Helvetica's metrics for every document.
    font: null as unknown as string,
    info: {
      Title: cleanText(options.title),
      ...(options.author ? { Author: cleanText(options.author) } : {}),
      ...(options.subject ? { Subject: cleanText(options.subject) } : {}),
      Creator: 'Till',
      Producer: 'Till',
    },
    displayTitle: true,
    lang: 'en',
  });
  const data = fonts();
  doc.registerFont(FONT.regular, data.regular);
  doc.registerFont(FONT.bold, data.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

/**
 * Text as our fonts and pdfkit take it: composed (NFC, so "é" is one glyph), without control
 * characters; tabs become spaces and line breaks stay.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c]/g, '')
    // Fullwidth signs (Intl writes "￥" for ja-JP) as the plain ones our fonts have.
    .replace(/[\uffe0\uffe1\uffe5]/g, (sign) => ({ '\uffe0': '¢', '\uffe1': '£', '\uffe5': '¥' })[sign] ?? sign)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

let coverage: { hasGlyphForCodePoint(codePoint: number): boolean } | null = null;

/**
 * Characters of `text` our fonts cannot draw (CJK, Arabic, Thai, emoji…): they would print as
 * empty boxes. Read through pdfkit's loaded font (its fontkit object).
 */
export function unsupportedCharacters(text: string): string[] {
  if (!coverage) {
    const { doc } = createPdf({ title: 'coverage' });
    doc.font(FONT.regular);
    coverage = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(codePoint: number): boolean } } })._font.font;
  }
  const missing = new Set<string>();
  for (const character of cleanText(text)) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint === 0x0a || (codePoint >= 0x200b && codePoint <= 0x200f)) continue;
    if (!coverage.hasGlyphForCodePoint(codePoint)) missing.add(character);
  }
  return [...missing];
}
