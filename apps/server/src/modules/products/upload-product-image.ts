import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { detectImageType } from '../files/image-type.ts';
import type { FileUrlSigner } from '../files/signed-url.ts';
import type { FileStorage } from '../files/storage.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A PNG, JPEG or WebP of at most 2 MB, recognised by its first bytes. The file is written
 * first under a fresh random name; the product points at it once the transaction commits, and
 * the picture it replaces is deleted only then. A failed transaction deletes the new file.
 */
export async function uploadProductImage(
  database: Database,
  storage: FileStorage,
  tenant: TenantContext,
  id: string,
  bytes: Uint8Array,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  if (bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The image file is empty');
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw new AppError(413, 'image_too_large', 'The image is larger than 2 MB; make it smaller and try again');
  const extension = detectImageType(bytes);
  if (!extension) throw new AppError(415, 'unsupported_image', 'Use a PNG, JPEG or WebP picture');

  // A missing product costs no write to disk.
  await database.withTenant(tenant.businessId, async (tx) => {
    if (!(await productsRepository.findListed(tx, tenant.businessId, id))) throw productNotFound();
  });

  const key = `${tenant.businessId}/${randomBytes(16).toString('hex')}.${extension}`;
  await storage.put(key, bytes);
  let result: { view: ProductView; previousKey: string | null };
  try {
    result = await database.withTenant(tenant.businessId, async (tx) => {
      const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
      if (!current) throw productNotFound();
      await productsRepository.update(tx, tenant.businessId, id, { imageKey: key });
      return { view: await readProductView(tx, tenant.businessId, id, signUrl), previousKey: current.imageKey };
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  if (result.previousKey) await storage.delete(result.previousKey);
  return result.view;
}
