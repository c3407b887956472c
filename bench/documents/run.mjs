// How long documents take to render on this machine, as wall time and as this process's CPU
// time (the machine is shared: CPU time is what the work costs when other processes compete):
// - an invoice (A4, 6 lines, logo): the first call in a fresh process, which reads and parses
//   the fonts and warms pdfkit (target ≤ 300 ms; median of 5 fresh processes), then warm calls
//   (median and p95); the same invoice with an EPC payment QR code, whose first call also warms
//   bwip-js's QR encoder;
// - 1,000 price labels with EAN-13 barcodes to one PDF (target ≤ 5 s), on an A4 3×8 sheet and as
//   38 × 25 mm shelf labels;
// - a 60-line invoice (3 pages) and a Z report on 80 mm, warm.
//   node bench/documents/run.mjs [--runs 30]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadDocuments } from './bundle.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 30);

const time = async (fn) => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, bytes: result.length };
};

// A fresh process asked for its first invoice only (the library is already bundled by the parent).
const withoutQr = (input) => ({ ...input, payment: { lines: input.payment.lines } });
if (args.includes('--first-call')) {
  const d = await import('../../.tmp/bench-documents/documents.mjs');
  const sample = d.sampleInvoice('a4');
  const result = await time(() => d.renderDocumentPdf(args.includes('--qr') ? sample : withoutQr(sample)));
  console.log(JSON.stringify(result));
  process.exit(0);
}

const startImport = performance.now();
const d = await loadDocuments();
const importMs = performance.now() - startImport;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
};
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

function ean13(index) {
  const body = `200${String(index).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, position) => total + Number(digit) * (position % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const labels = Array.from({ length: 1000 }, (_, index) => ({
  name: `Product ${index} — organic, fair trade, ${index % 7 === 0 ? 'a name long enough to need two lines on the label' : 'short'}`,
  price: 99 + index * 13,
  unit_price_text: `${((99 + index * 13) / 100).toFixed(2)} € / kg`,
  barcode: { kind: 'ean13', value: ean13(index) },
}));

const rows = [];
for (const [label, extra] of [['invoice A4, first call in a fresh process (median of 5)', []], ['invoice A4 + payment QR, first call in a fresh process', ['--qr']]]) {
  const firsts = Array.from({ length: 5 }, () => {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--first-call', ...extra], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split('\n').at(-1));
  });
  const wall = stats(firsts.map((run) => run.ms)).median;
  rows.push([label, fmt(wall), fmt(stats(firsts.map((run) => run.cpuMs)).median), '≤ 300 ms', wall <= 300]);
}
for (const [label, invoice] of [['invoice A4', withoutQr(d.sampleInvoice('a4'))], ['invoice A4 + payment QR', d.sampleInvoice('a4')]]) {
  const warm = [];
  for (let run = 0; run < RUNS; run += 1) warm.push(await time(() => d.renderDocumentPdf(invoice)));
  const wall = stats(warm.map((run) => run.ms));
  const cpu = stats(warm.map((run) => run.cpuMs));
  rows.push([`${label}, warm (median of ${RUNS})`, fmt(wall.median), fmt(cpu.median), '', null]);
  rows.push([`${label}, warm (p95 of ${RUNS})`, fmt(wall.p95), fmt(cpu.p95), '≤ 300 ms', wall.p95 <= 300]);
}

for (const template of ['a4-3x8', 'shelf-38x25']) {
  const result = await time(() => d.renderLabelsPdf({ template, labels, currency: 'EUR', locale: 'de-DE' }));
  rows.push([`1,000 labels ${template} (${(result.bytes / 1024).toFixed(0)} kB)`, fmt(result.ms), fmt(result.cpuMs), '≤ 5 s', result.ms <= 5000]);
}
const long = d.sampleInvoice('a4', 60);
const longRuns = [];
for (let run = 0; run < 5; run += 1) longRuns.push(await time(() => d.renderDocumentPdf(long)));
rows.push(['invoice A4, 60 lines / 3 pages, warm (median of 5)', fmt(stats(longRuns.map((run) => run.ms)).median), fmt(stats(longRuns.map((run) => run.cpuMs)).median), '', null]);
const z = d.sampleZReport('receipt-80mm');
const zRuns = [];
for (let run = 0; run < 5; run += 1) zRuns.push(await time(() => d.renderSectionsPdf(z)));
rows.push(['Z report 80 mm, warm (median of 5)', fmt(stats(zRuns.map((run) => run.ms)).median), fmt(stats(zRuns.map((run) => run.cpuMs)).median), '', null]);

const [load] = (await import('node:os')).loadavg();
console.log(`documents bench — Node ${process.version}, bundle + import ${fmt(importMs)}, load average ${load.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores`);
const width = Math.max(...rows.map((row) => row[0].length));
console.log(`${''.padEnd(width)}  ${'wall'.padStart(9)}  ${'CPU'.padStart(9)}  target`);
for (const [name, value, cpu, target, ok] of rows) {
  console.log(`${name.padEnd(width)}  ${value.padStart(9)}  ${cpu.padStart(9)}  ${target.padEnd(9)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`);
}
