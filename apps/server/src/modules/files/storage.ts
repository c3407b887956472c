import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../env.ts';

/**
 * Where uploaded files live (ARCHITECTURE "files"): local disk under the data folder by default;
 * an S3-compatible implementation can take its place behind the same three calls.
 * A key is `<businessId>/<name>`: two plain segments, so it can never climb out of the root.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidFileKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length === 2 && segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

function assertKey(key: string): void {
  if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
}

export function createLocalDiskStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => path.join(rootDir, ...key.split('/'));
  return {
    async put(key, data) {
      assertKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async get(key) {
      assertKey(key);
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(fileOf(key), { force: true });
    },
  };
}

const byRoot = new Map<string, FileStorage>();

/** The deployment's storage: `${dataDir}/uploads`. */
export function fileStorageFor(config: Pick<AppConfig, 'dataDir'>): FileStorage {
  const root = path.join(config.dataDir, 'uploads');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = createLocalDiskStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
