import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLegacyProductImages } from '../src/modules/products/migrate-legacy-product-images.ts';
import { products, storageBuckets, storageObjects } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { sqlState } from '../src/lib/pg-errors.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { defineStorageSuite } from './storage-suite.ts';

const DATA_DIR = path.resolve(`.tmp/storage-local-${process.pid}`);

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

defineStorageSuite('the local disk', async () => ({
  env: { DATA_DIR, STORAGE_MAX_UPLOAD_BYTES: String(2 * 1024 * 1024) },
  keys: () => filesUnder(path.join(DATA_DIR, 'storage')),
  close: () => rm(DATA_DIR, { recursive: true, force: true }),
}));

describe('the local disk layout', () => {
  it('keeps bytes under DATA_DIR/storage/<business>/<bucket>/<version>, no temporary files left', async () => {
    const keys = await filesUnder(path.join(DATA_DIR, 'storage'));
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}\/[a-z0-9_-]+\/[0-9a-f-]{36}$/);
  });
});

describe('storage tables and product pictures from before storage', () => {
  const dataDir = path.resolve(`.tmp/storage-legacy-${process.pid}`);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are fenced by row-level security: an unfiltered query sees one tenant, an object cannot point at another business bucket', async () => {
    const a = await signUpBusiness(server, { assignOwner: true });
    const b = await signUpBusiness(server, { assignOwner: true });
    await server.services.storage.upload(a.businessId, 'expense-receipts', { bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await server.services.storage.upload(b.businessId, 'expense-receipts', { bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
    const seen = await server.database.withTenant(a.businessId, async (tx) => ({
      buckets: await tx.select({ businessId: storageBuckets.businessId }).from(storageBuckets),
      objects: await tx.select({ businessId: storageObjects.businessId, bucketId: storageObjects.bucketId }).from(storageObjects),
    }));
    expect(seen.buckets.map((row) => row.businessId)).toEqual([a.businessId]);
    expect(seen.objects.map((row) => row.businessId)).toEqual([a.businessId]);
    const [bBucket] = await server.database.withTenant(b.businessId, (tx) => tx.select({ id: storageBuckets.id }).from(storageBuckets));
    const [aObject] = await server.database.withTenant(a.businessId, (tx) => tx.select().from(storageObjects));
    const crossing = server.database.withTenant(a.businessId, (tx) =>
      tx.insert(storageObjects).values({ ...aObject!, id: '00000000-0000-7000-8000-000000000001', name: 'crossing.pdf', bucketId: bBucket!.id }),
    );
    await expect(crossing).rejects.toSatisfy((error: unknown) => sqlState(error) === '23503');
  });

  it('move from DATA_DIR/uploads into the product-images bucket at start-up, and are served from there', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const created = await client.api.POST('/api/products', { body: { name: 'Old picture', price: 100 } });
    const productId = created.data!.product.id;
    const picture = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#c00' } }).png().toBuffer();
    const folder = path.join(dataDir, 'uploads', businessId);
    await mkdir(folder, { recursive: true });
    const legacyName = `${'a'.repeat(32)}.png`;
    await writeFile(path.join(folder, legacyName), picture);
    await writeFile(path.join(folder, `${'b'.repeat(32)}.png`), picture);
    await server.database.withTenant(businessId, (tx) => tx.update(products).set({ imageKey: `${businessId}/${legacyName}` }).where(eq(products.id, productId)));

    const moved = await migrateLegacyProductImages({ dataDir, database: server.database, storage: server.services.storage, log: () => undefined });
    expect(moved).toBe(1);
    const product = (await client.api.GET('/api/products/{id}', { params: { path: { id: productId } } })).data!.product;
    expect(product.image_url).toMatch(new RegExp(`^/api/storage/object/sign/product-images/${productId}/`));
    const served = await fetch(server.url + product.image_url!);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(30);
    expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);
    // Twice is harmless.
    expect(await migrateLegacyProductImages({ dataDir, database: server.database, storage: server.services.storage, log: () => undefined })).toBe(0);
  });
});
