/**
 * Documents and labels as PDF (pdfkit, decision 010). Start here; docs/architecture.md
 * ("Documents") has an example.
 * - renderDocumentPdf: invoice, credit note, purchase order, receipt — A4 or 80 mm.
 * - renderSectionsPdf: anything else (a Z report) from headings, key-value blocks, tables,
 *   totals, text, images and barcodes.
 * - renderLabelsPdf: shelf labels (38 × 25 mm) or an A4 sheet of 3 × 8 labels.
 * - drawBarcode: EAN-13, EAN-8, UPC-A, Code 128, QR into a pdfkit document at an exact size.
 */
export { renderDocumentPdf, documentSections, documentFooter, ENGLISH_LABELS, type DocumentInput, type DocumentLine, type DocumentLabels } from './document.ts';
export { renderSectionsPdf, type Section, type SectionsInput, type TableColumn, type TableCell, type ColumnKind, type KeyValueRow, type TotalsRow, type TextAlign } from './sections.ts';
export { renderLabelsPdf, labelPositions, LABEL_TEMPLATES, MAX_LABELS, type LabelInput, type LabelsInput, type LabelTemplate } from './labels.ts';
export { drawBarcode, MIN_MODULE_MM, type BarcodeSpec, type BarcodeBox } from './barcode.ts';
export { createPdf, cleanText, unsupportedCharacters, FONT, type Pdf } from './pdf.ts';
export { createFormatter, type DocumentFormat, type Formatter } from './format.ts';
export { mm, toMm, POINTS_PER_MM, PAGE_SIZES, type PageFormat } from './units.ts';
