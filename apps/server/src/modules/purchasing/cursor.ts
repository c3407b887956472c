import { badRequest } from '../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque keyset cursor: the sort key of the last row shown and its id. */
export const encodeCursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

export function decodeCursor(cursor: string, isKey: (key: string) => boolean = () => true): { key: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && UUID.test(parsed[1]) && isKey(parsed[0])) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('invalid_cursor', 'The cursor is not one this list returned');
}
