import type { Readable } from 'node:stream';

/**
 * Where the bytes of stored objects live. The metadata (names, sizes, types, owners) is in
 * PostgreSQL; a driver only keeps bytes under keys the storage service makes:
 * `<business id>/<bucket name>/<version id>`, a new version for every write, so a key is never
 * overwritten and the bytes a row points at are always whole.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  /** The size in bytes, or null when there is no such key. */
  head(key: string): Promise<number | null>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Missing keys are not an error. */
  remove(keys: readonly string[]): Promise<void>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STORAGE_KEY = new RegExp(`^${UUID}/[a-z0-9][a-z0-9_-]{1,62}/${UUID}$`);

/** Keys are made by the service, never from user input; anything else is a bug and must not reach a disk or a bucket. */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
