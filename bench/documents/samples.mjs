// Writes the sample documents and labels to .tmp/documents/ as PDF and, with poppler-utils'
// pdftoppm (apt-get install -y poppler-utils), as PNG pages to look at.
//   node bench/documents/samples.mjs [--dpi 100]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocuments } from './bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, '.tmp/documents');
const args = process.argv.slice(2);
const dpi = args.includes('--dpi') ? args[args.indexOf('--dpi') + 1] : '100';
mkdirSync(dir, { recursive: true });

const d = await loadDocuments();
const labels = d.sampleLabels();
const files = {
  'invoice-a4': await d.renderDocumentPdf(d.sampleInvoice('a4')),
  'invoice-a4-long': await d.renderDocumentPdf(d.sampleInvoice('a4', 60)),
  'invoice-80mm': await d.renderDocumentPdf(d.sampleInvoice('receipt-80mm')),
  'purchase-order-a4': await d.renderDocumentPdf(d.samplePurchaseOrder('a4')),
  'purchase-order-80mm': await d.renderDocumentPdf(d.samplePurchaseOrder('receipt-80mm')),
  'z-report-a4': await d.renderSectionsPdf(d.sampleZReport('a4')),
  'z-report-80mm': await d.renderSectionsPdf(d.sampleZReport('receipt-80mm')),
  'labels-a4-3x8': await d.renderLabelsPdf({ template: 'a4-3x8', labels, currency: 'EUR', locale: 'de-DE', outline: true }),
  'labels-shelf-38x25': await d.renderLabelsPdf({ template: 'shelf-38x25', labels, currency: 'EUR', locale: 'de-DE', outline: true }),
};
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).status === 0;
for (const [name, pdf] of Object.entries(files)) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const pngDpi = name.startsWith('labels-shelf') ? String(Number(dpi) * 4) : dpi;
  if (hasPdftoppm) spawnSync('pdftoppm', ['-png', '-r', pngDpi, file, path.join(dir, name)], { stdio: 'inherit' });
  console.log(`${file} (${pdf.length} bytes)`);
}
if (!hasPdftoppm) console.log('pdftoppm not found: apt-get install -y poppler-utils to get PNG pages');
