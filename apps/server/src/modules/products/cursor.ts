import { badRequest } from '../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque keyset cursors: base64url of [sort key, id], or [sort key, id, 1] with a hint (`common`) for the next page of a search. */
export function encodeCursor(key: string, id: string, common = false): string {
  return Buffer.from(JSON.stringify(common ? [key, id, 1] : [key, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { key: string; id: string; common: boolean } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      (parsed.length === 2 || (parsed.length === 3 && parsed[2] === 1)) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1], common: parsed.length === 3 };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('invalid_cursor', 'The cursor is not one this list returned');
}
