import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { productNotFound, readProductView } from './get-product.ts';
import type { ProductView } from './product-view.ts';
import { productsRepository } from './products.repository.ts';

/** Pictures are stored in this system bucket; products.image_key is the object's name in it. */
export const PRODUCT_IMAGES_BUCKET = 'product-images';
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const productImageName = (productId: string, extension: string) => `${productId}/${uuidV7()}.${extension}`;

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * A PNG, JPEG or WebP of at most 10 MB, recognised by its bytes, stored through the storage
 * service (shrunk to fit 1024 px, EXIF and GPS removed). It is stored first under a fresh name;
 * the product points at it once the transaction commits, and the picture it replaces is deleted
 * only then. A failed transaction deletes the new object.
 */
export async function uploadProductImage(
  database: Database,
  storage: StorageService,
  tenant: TenantContext,
  id: string,
  bytes: Uint8Array,
  signUrl: FileUrlSigner,
): Promise<ProductView> {
  if (bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The image file is empty');
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw new AppError(413, 'image_too_large', 'The image is larger than 10 MB; make it smaller and try again');

  // A missing product costs no write.
  await database.withTenant(tenant.businessId, async (tx) => {
    if (!(await productsRepository.findListed(tx, tenant.businessId, id))) throw productNotFound();
  });

  const actor = { userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null };
  let stored;
  try {
    stored = await storage.upload(tenant.businessId, PRODUCT_IMAGES_BUCKET, { bytes }, { folder: id, actor });
  } catch (error) {
    if (error instanceof AppError && ['mime_type_not_allowed', 'invalid_image'].includes(error.code)) {
      throw new AppError(415, 'unsupported_image', 'Use a PNG, JPEG or WebP picture');
    }
    throw error;
  }
  const key = stored.object.name;
  if (!EXTENSION[stored.object.contentType]) throw new Error(`product-images stored ${stored.object.contentType}`);
  let result: { view: ProductView; previousKey: string | null };
  try {
    result = await database.withTenant(tenant.businessId, async (tx) => {
      const current = await productsRepository.findForUpdate(tx, tenant.businessId, id);
      if (!current) throw productNotFound();
      await productsRepository.update(tx, tenant.businessId, id, { imageKey: key });
      return { view: await readProductView(tx, tenant.businessId, id, signUrl), previousKey: current.imageKey };
    });
  } catch (error) {
    await storage.remove(tenant.businessId, PRODUCT_IMAGES_BUCKET, [key]);
    throw error;
  }
  if (result.previousKey) await removePicture(storage, tenant.businessId, result.previousKey);
  return result.view;
}

/** The replaced or removed picture; a key that is no object name (never stored) is nothing to remove. */
export async function removePicture(storage: StorageService, businessId: string, key: string): Promise<void> {
  try {
    await storage.remove(businessId, PRODUCT_IMAGES_BUCKET, [key]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_object_name') return;
    throw error;
  }
}
