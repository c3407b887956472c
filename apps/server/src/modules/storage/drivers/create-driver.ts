import path from 'node:path';
import type { AppConfig } from '../../../env.ts';
import { createLocalDiskDriver } from './local-disk-driver.ts';
import { createS3Driver } from './s3-driver.ts';
import type { StorageDriver } from './storage-driver.ts';

/** STORAGE_DRIVER=local (default): `<DATA_DIR>/storage`; STORAGE_DRIVER=s3: the configured S3-compatible bucket. */
export function createStorageDriver(config: Pick<AppConfig, 'dataDir' | 'storage'>): StorageDriver {
  if (config.storage.driver === 's3') return createS3Driver(config.storage.s3!);
  return createLocalDiskDriver(path.join(config.dataDir, 'storage'));
}
