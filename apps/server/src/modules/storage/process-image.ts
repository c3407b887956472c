import sharp from 'sharp';

// Decoded pixels are what costs memory: a tiny file can claim to be gigapixels.
const MAX_INPUT_PIXELS = 60_000_000;
sharp.cache(false);

export const PROCESSED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export class UnreadableImageError extends Error {}

/**
 * Re-encodes an uploaded picture: turned upright by its EXIF orientation, shrunk to fit
 * `maxDimension` (never enlarged), and written anew without metadata: no EXIF, no GPS position,
 * no camera serial. The type stays the same.
 */
export async function processImage(bytes: Uint8Array, contentType: string, maxDimension: number): Promise<Uint8Array> {
  try {
    const animated = contentType === 'image/gif' || contentType === 'image/webp';
    let image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated })
      .autoOrient()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
    switch (contentType) {
      case 'image/jpeg':
        image = image.jpeg({ quality: 85, mozjpeg: true });
        break;
      case 'image/png':
        image = image.png({ compressionLevel: 9 });
        break;
      case 'image/webp':
        image = image.webp({ quality: 85 });
        break;
      case 'image/gif':
        image = image.gif();
        break;
      default:
        throw new Error(`not an image type sharp re-encodes: ${contentType}`);
    }
    return new Uint8Array(await image.toBuffer());
  } catch (error) {
    if (error instanceof Error && /not an image type/.test(error.message)) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
