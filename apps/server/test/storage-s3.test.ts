import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { defineStorageSuite } from './storage-suite.ts';

/**
 * The same suite against an S3-protocol server on loopback: s3rver (the maintained
 * @20minutes fork) speaks the S3 REST protocol, checks SigV4 signatures and keeps the objects
 * on disk; the server under test reaches it through @aws-sdk/client-s3 like any S3 service.
 */
defineStorageSuite('an S3-compatible server', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'till-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'till-test' }] });
  const address = (await s3rver.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // s3rver signs bucket-level requests over "/till-test" while the SDK sends "/till-test/":
  // the listing this test reads the server with goes without the slash.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === '/till-test/') request.path = '/till-test';
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  return {
    env: {
      DATA_DIR: path.join(directory, 'data'),
      STORAGE_DRIVER: 's3',
      STORAGE_MAX_UPLOAD_BYTES: String(2 * 1024 * 1024),
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'till-test',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'deployment-a',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: 'till-test', ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      for (const key of keys) if (!key.startsWith('deployment-a/')) throw new Error(`key outside the prefix: ${key}`);
      return keys;
    },
    async close() {
      client.destroy();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
