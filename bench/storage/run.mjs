// Storage over real HTTP: upload latency (a phone photo re-encoded by sharp, a PDF), download,
// signing, and listing a page of 100 in a bucket of BENCH_OBJECTS objects (default 5000). On the
// embedded database with the local disk driver, then on PostgreSQL when BENCH_DATABASE_URL is set.
//
//   node bench/storage/run.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node bench/storage/run.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, client, root, startServer } from '../lib/server.mjs';

const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 5000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const figure = (label, values) =>
  console.log(`  ${label.padEnd(44)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms   (${values.length})`);

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function photo() {
  // A 12-megapixel camera picture with noise, as a phone sends it.
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function run(label, env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-storage-'));
  const server = await startServer({ port: 4400 + Math.floor(Math.random() * 500), env: { DATA_DIR: dataDir, STORAGE_MAX_UPLOAD_BYTES: String(50 * 1024 * 1024), ...env } });
  try {
    const api = client(server.url);
    const email = `bench-${Date.now()}@example.com`;
    const signUp = await api('POST', '/api/auth/sign-up', { email, password: 'correct horse battery staple', business_name: 'Bench', full_name: 'Bench' });
    if (signUp.status !== 201) throw new Error(JSON.stringify(signUp.body));
    await api('POST', '/api/business/owner', { full_name: 'Bench' });
    await api('POST', '/api/storage/bucket', { name: 'bench' });
    const cookie = api.cookie();
    const raw = (method, pathname, body, headers = {}) => fetch(server.url + pathname, { method, body, headers: { cookie, ...headers } });

    console.log(`${label}`);
    const jpeg = await photo();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200 * 1024, 32), Buffer.from('\n%%EOF\n')]);

    const photos = [];
    for (let index = 0; index < Math.min(SAMPLES, 20); index += 1) {
      photos.push(await timed(async () => {
        const response = await raw('POST', `/api/storage/object/bench/photos/${index}.jpg`, jpeg, { 'content-type': 'image/jpeg' });
        if (response.status !== 200) throw new Error(await response.text());
      }));
    }
    figure(`upload ${(jpeg.length / 1024 / 1024).toFixed(1)} MB 12 MP JPEG (shrunk, EXIF out)`, photos);

    const pdfs = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      pdfs.push(await timed(async () => {
        const response = await raw('POST', `/api/storage/object/bench/pdf/${index}.pdf`, pdf, { 'content-type': 'application/pdf' });
        if (response.status !== 200) throw new Error(await response.text());
      }));
    }
    figure('upload 200 kB PDF', pdfs);

    const downloads = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      downloads.push(await timed(async () => {
        const response = await raw('GET', `/api/storage/object/bench/pdf/${index}.pdf`);
        await response.arrayBuffer();
      }));
    }
    figure('download 200 kB PDF', downloads);

    const signs = [];
    for (let index = 0; index < SAMPLES; index += 1) signs.push(await timed(() => api('POST', `/api/storage/object/sign/bench/pdf/${index}.pdf`, { expires_in: 3600 })));
    figure('sign one URL', signs);

    // Fill the bucket with small text objects, eight uploads at a time.
    const fillStarted = performance.now();
    let next = 0;
    const small = Buffer.from('x');
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < OBJECTS) {
          const index = next++;
          const response = await raw('POST', `/api/storage/object/bench/many/${String(index % 50).padStart(2, '0')}/${index}.txt`, small, { 'content-type': 'text/plain' });
          if (response.status !== 200) throw new Error(await response.text());
        }
      }),
    );
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    console.log(`  ${`stored ${OBJECTS} small objects, 8 at a time`.padEnd(44)} ${(OBJECTS / fillSeconds).toFixed(0)} uploads/s`);

    const lists = [];
    const prefixed = [];
    const deep = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      lists.push(await timed(() => api('POST', '/api/storage/object/list/bench', {})));
      prefixed.push(await timed(() => api('POST', '/api/storage/object/list/bench', { prefix: `many/${String(index % 50).padStart(2, '0')}/` })));
      deep.push(await timed(() => api('POST', '/api/storage/object/list/bench', { prefix: 'many/', offset: OBJECTS - 200 })));
    }
    figure(`list default page (100 of ${OBJECTS + SAMPLES * 2 + 20})`, lists);
    figure('list one folder by prefix', prefixed);
    figure(`list with offset ${OBJECTS - 200}`, deep);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

build('server');
await run('PGlite, local disk', {});
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL, local disk', { DATABASE_URL: process.env.BENCH_DATABASE_URL });
