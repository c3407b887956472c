import { badRequest } from '../../lib/app-error.ts';
import type { UploadFile } from './storage-service.ts';
import { payloadTooLarge } from './storage-errors.ts';

const MAX_CACHE_SECONDS = 365 * 24 * 60 * 60;

/** "3600" or "max-age=3600" (what the BaaS client sends) → seconds; absent → undefined. */
export function parseCacheControl(value: string | undefined | null): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const match = /^\s*(?:max-age=)?(\d{1,9})\s*$/i.exec(value);
  const seconds = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(seconds) || seconds > MAX_CACHE_SECONDS) {
    throw badRequest('invalid_cache_control', `Give cache-control as seconds (0 to ${MAX_CACHE_SECONDS}) or max-age=<seconds>`);
  }
  return seconds;
}

/** The request body, refused with 413 as soon as it passes `limit` bytes (the rest is left unread: the answer closes the connection). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const MULTIPART_ALLOWANCE = 64 * 1024;

/**
 * An upload body: multipart/form-data with a `file` field (and optionally `cache_control`), or the
 * raw bytes with their Content-Type. Either way at most `limit` bytes of file.
 */
export async function readUploadBody(
  request: Request,
  limit: number,
): Promise<UploadFile & { cacheControl?: number | undefined }> {
  const type = request.headers.get('content-type') ?? '';
  const headerCache = parseCacheControl(request.headers.get('cache-control'));
  if (/^multipart\/form-data/i.test(type)) {
    const raw = await readAtMost(request.body, limit + MULTIPART_ALLOWANCE, () => payloadTooLarge(limit));
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    } catch {
      throw badRequest('malformed_multipart', 'The multipart body could not be read');
    }
    const file = form.get('file');
    if (!(file instanceof File)) throw badRequest('validation_error', 'Attach the file as the "file" field');
    const field = form.get('cache_control') ?? form.get('cacheControl');
    const cacheControl = typeof field === 'string' ? parseCacheControl(field) : headerCache;
    if (file.size > limit) throw payloadTooLarge(limit);
    return { bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type || undefined, cacheControl };
  }
  const bytes = await readAtMost(request.body, limit, () => payloadTooLarge(limit));
  return { bytes, declaredType: type || undefined, cacheControl: headerCache };
}
