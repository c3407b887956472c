import { forbidden, notFound } from '../../lib/app-error.ts';
import { contentTypeOfKey } from './image-type.ts';
import { verifyFileSignature } from './signed-url.ts';
import { isValidFileKey, type FileStorage } from './storage.ts';

/** A file behind a signed URL: 403 for a bad or expired signature, 404 when it is gone. */
export async function readSignedFile(
  storage: FileStorage,
  secret: string,
  input: { key: string; expires: number; signature: string; now: Date },
): Promise<{ data: Uint8Array; contentType: string; maxAgeSeconds: number }> {
  if (!isValidFileKey(input.key) || !verifyFileSignature(secret, input.key, input.expires, input.signature, input.now)) {
    throw forbidden('invalid_signature', 'This file link is not valid or has expired; reload the page for a new one');
  }
  const data = await storage.get(input.key);
  if (!data) throw notFound('file_not_found', 'This file no longer exists');
  return {
    data,
    contentType: contentTypeOfKey(input.key),
    maxAgeSeconds: Math.max(0, input.expires - Math.floor(input.now.getTime() / 1000)),
  };
}
