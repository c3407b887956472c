import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertStorageKey, type StorageDriver } from './storage-driver.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Bytes under `root/<business>/<bucket>/<version>`. Writes go to a temporary file in the same
 * folder, are flushed to the disk, then renamed into place: a reader sees the whole file or none.
 */
export function createLocalDiskDriver(root: string): StorageDriver {
  const resolvedRoot = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(resolvedRoot, ...key.split('/'));
    // Belt and braces: the key pattern already rules out anything that climbs.
    if (!file.startsWith(resolvedRoot + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  const temporaryOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = temporaryOf(file);
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        // Opening first turns a missing file into null instead of a stream error later.
        const handle = await open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async copy(fromKey, toKey) {
      const from = fileOf(fromKey);
      const to = fileOf(toKey);
      await mkdir(path.dirname(to), { recursive: true });
      const temporary = temporaryOf(to);
      await copyFile(from, temporary);
      await rename(temporary, to);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}
