import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
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

const REMOVE_CONCURRENCY = 8;

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
      // One DeleteObject per key, a few at a time: every S3-compatible service has it, while the
      // multi-object POST ?delete is missing or signed differently on some of them.
      let next = 0;
      const worker = async () => {
        while (next < keys.length) {
          const key = keys[next++]!;
          await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        }
      };
      await Promise.all(Array.from({ length: Math.min(REMOVE_CONCURRENCY, keys.length) }, worker));
    },
  };
}
