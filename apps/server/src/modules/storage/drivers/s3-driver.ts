import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type StorageDriver } from './storage-driver.ts';

export interface S3DriverConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Put every key under this folder of the bucket ("till/"), so one bucket can serve several deployments. */
  prefix: string;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Any S3-compatible service (AWS S3, MinIO, Ceph RGW, R2, Garage…), one bucket for the deployment. */
export function createS3Driver(config: S3DriverConfig, client?: S3Client): StorageDriver {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Several S3-compatible services refuse the newer default checksums; send them only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return config.prefix + key;
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: body, ContentType: contentType, ContentLength: body.byteLength }));
    },
    async get(key) {
      try {
        const result = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        const body = result.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const result = await s3.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return result.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async copy(fromKey, toKey) {
      const source = `${config.bucket}/${keyOf(fromKey)}`.split('/').map(encodeURIComponent).join('/');
      await s3.send(new CopyObjectCommand({ Bucket: config.bucket, Key: keyOf(toKey), CopySource: source }));
    },
    async remove(keys) {
      for (let start = 0; start < keys.length; start += 1000) {
        const batch = keys.slice(start, start + 1000);
        const result = await s3.send(
          new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: batch.map((key) => ({ Key: keyOf(key) })), Quiet: true } }),
        );
        const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length) throw new Error(`S3 refused to delete ${failed.length} object(s): ${failed[0]!.Code} ${failed[0]!.Message}`);
      }
    },
  };
}
