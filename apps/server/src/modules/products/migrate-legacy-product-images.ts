import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { PRODUCT_IMAGES_BUCKET, productImageName } from './upload-product-image.ts';
import { productsRepository } from './products.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LEGACY_FILE = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/**
 * Product pictures used to be files under `<DATA_DIR>/uploads/<business>/<random>.<ext>`, named
 * by products.image_key. At start-up each one still there moves into the business's
 * product-images bucket (re-encoded, so old pictures lose their EXIF too), its products point at
 * the new object, and the file goes. Safe to run twice and from several processes at once: a
 * product is repointed only while it still shows the old key. Answers how many files it moved.
 */
export async function migrateLegacyProductImages(deps: {
  dataDir: string;
  database: Database;
  storage: StorageService;
  log?: (message: string) => void;
}): Promise<number> {
  const root = path.join(deps.dataDir, 'uploads');
  const log = deps.log ?? ((message: string) => console.log(message));
  let businesses: string[];
  try {
    businesses = (await readdir(root)).filter((entry) => UUID.test(entry));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const businessId of businesses) {
    const folder = path.join(root, businessId);
    for (const file of (await readdir(folder)).filter((entry) => LEGACY_FILE.test(entry))) {
      const legacyKey = `${businessId}/${file}`;
      const productIds = await deps.database.withTenant(businessId, (tx) => productsRepository.findIdsByImageKey(tx, businessId, legacyKey));
      if (productIds.length > 0) {
        const name = productImageName(productIds[0]!, file.slice(file.lastIndexOf('.') + 1));
        try {
          await deps.storage.putObject(businessId, PRODUCT_IMAGES_BUCKET, name, { bytes: new Uint8Array(await readFile(path.join(folder, file))) }, { upsert: true });
          await deps.database.withTenant(businessId, (tx) => productsRepository.replaceImageKey(tx, businessId, legacyKey, name));
          moved += 1;
        } catch (error) {
          // A picture storage refuses (damaged, no longer an allowed type) is dropped rather than left pointing nowhere.
          log(`product picture ${legacyKey} could not be moved into storage (${error instanceof Error ? error.message : String(error)}); the product loses it`);
          await deps.database.withTenant(businessId, (tx) => productsRepository.replaceImageKey(tx, businessId, legacyKey, null));
        }
      }
      // Unreferenced files were unreachable already (the old code deleted replaced pictures too).
      await rm(path.join(folder, file), { force: true });
    }
    await rmdir(folder).catch(() => undefined);
  }
  await rmdir(root).catch(() => undefined);
  if (moved > 0) log(`Moved ${moved} product picture(s) from ${root} into storage`);
  return moved;
}
