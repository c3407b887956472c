import { fileTypeFromBuffer } from 'file-type';

/** Declared types believed for text, when the bytes are valid UTF-8 without NUL: nothing in text has a signature. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'application/json', 'text/markdown']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The content type of an upload, read from its bytes (file-type), never from its name. The
 * declared type counts only for plain text; anything else unrecognised is
 * application/octet-stream. An SVG is never image/svg+xml here: served from our origin it could
 * run script.
 */
export async function sniffContentType(bytes: Uint8Array, declared: string | undefined): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  const base = declared?.split(';')[0]?.trim().toLowerCase();
  if (base && TEXT_TYPES.has(base) && !bytes.includes(0)) {
    try {
      utf8.decode(bytes);
      return base;
    } catch {
      return 'application/octet-stream';
    }
  }
  return 'application/octet-stream';
}

/** A bucket's allowed list: exact types or "type/*"; null allows any. */
export function isAllowedType(contentType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((entry) => entry === contentType || (entry.endsWith('/*') && contentType.startsWith(entry.slice(0, -1))));
}
