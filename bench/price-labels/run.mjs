// 1,000 price labels to one PDF through the API (issue 14 item 7; target ≤ 5 s, README): a shop
// with 1,000 products (800 with an EAN-13, 100 with a code only Code 128 takes, 100 with no
// barcode) prints a label for each with POST /api/price-labels/pdf, on an A4 3×8 sheet and as
// 38 × 25 mm shelf labels. Prints, for each, the first call and the median of the next --runs
// calls (wall and this process's CPU: on PGlite the database is in this process too), the PDF's
// size and pages, and the process's peak memory (RSS high-water mark) with what it was before the
// first call; on the embedded database and then, with BENCH_DATABASE_URL (a server URL: the bench
// creates a database of its own there and drops it afterwards), on PostgreSQL.
//   node bench/price-labels/run.mjs [--labels 1000] [--runs 5]   (BENCH_ONLY=postgres skips PGlite)
// The labels are rendered by apps/server/src/lib/documents (pdfkit, bwip-js; decision 010). Each
// database runs in a fresh child process, so its peak memory is its own.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appModules, build, bundleServerModules, loadNote, numberOption, ok, onEachDatabase, openInProcess, serverBundlePath, signUpBusiness } from '../lib/server.mjs';

const LABELS = numberOption('labels', 1_000);
const RUNS = numberOption('runs', 5);
const TARGET_MS = 5_000;
const CHILD = process.argv.includes('--child');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

if (!CHILD) {
  build('server');
  await bundleServerModules('price-labels', appModules());
  await onEachDatabase(
    async (databaseUrl) => {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', ...process.argv.slice(2)], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_CHILD_DATABASE_URL: databaseUrl ?? '' },
      });
      if (child.status !== 0) throw new Error(`the ${databaseUrl ? 'PostgreSQL' : 'PGlite'} run failed`);
    },
    { ownDatabase: 'bench_labels' },
  );
  process.exit(0);
}

const server = await import(pathToFileURL(serverBundlePath('price-labels')).href);
const { request, sql, kind, close } = await openInProcess(server, process.env.BENCH_CHILD_DATABASE_URL || undefined);
const { businessId } = await signUpBusiness(request, { businessName: 'Bench Labels', features: { price_labels: true } });
// EAN-13s with their check digit; every tenth product a code Code 128 takes, every tenth after it none.
await sql(
  `insert into products (business_id, name, price, barcode)
   select $1, 'Product ' || g || case when g % 7 = 0 then ' — organic, fair trade, a name long enough to need two lines' else '' end, 99 + g * 13,
          case when g % 10 = 1 then 'SKU-' || g
               when g % 10 = 2 then null
               else b || ((10 - (select sum(substr(b, i, 1)::int * case when i % 2 = 1 then 1 else 3 end) from generate_series(1, 12) i) % 10) % 10)::text end
     from generate_series(1, $2::int) g, lateral (select '200' || lpad(g::text, 9, '0') as b) code`,
  [businessId, LABELS],
);
const items = (await sql(`select id from products where business_id = $1 order by name`, [businessId])).rows.map((row) => ({ product_id: row.id, copies: 1 }));
const rssBefore = process.memoryUsage().rss;

const call = async (template) => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = ok(`labels ${template}`, await request('POST', '/api/price-labels/pdf', { template, items }));
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: res.bytes };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [template, perPage] of [
  ['a4-3x8', 24],
  ['shelf-38x25', 1],
]) {
  const first = await call(template);
  const warm = [];
  for (let run = 0; run < RUNS; run += 1) warm.push(await call(template));
  const wall = median(warm.map((run) => run.ms));
  console.log(
    `${kind}: ${LABELS.toLocaleString('en-US')} labels ${template} (${Math.ceil(LABELS / perPage)} pages, ${(first.bytes / 1024).toFixed(0)} kB): first ${first.ms.toFixed(0)} ms (CPU ${first.cpuMs.toFixed(0)} ms), ` +
      `median of ${RUNS} ${wall.toFixed(0)} ms (CPU ${median(warm.map((run) => run.cpuMs)).toFixed(0)} ms) (target ≤ ${TARGET_MS} ms: wall ${Math.max(first.ms, wall) <= TARGET_MS ? 'ok' : 'MISSED'}, CPU ${Math.max(first.cpuMs, median(warm.map((run) => run.cpuMs))) <= TARGET_MS ? 'ok' : 'MISSED'})`,
  );
}
const peak = process.resourceUsage().maxRSS * 1024;
const heap = process.memoryUsage();
console.log(`${kind}: peak memory (RSS high-water mark) ${mb(peak)}, ${mb(rssBefore)} before the first call; heap now ${mb(heap.heapUsed)}, ${loadNote()}`);
await close();
process.exit(0);
