import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  STORAGE_DEFAULT_CACHE_CONTROL_SECONDS,
  SYSTEM_BUCKETS,
  checkBucketName,
  checkObjectName,
  isSystemBucketName,
  type SystemBucketName,
} from '@till/core';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { businessRepository } from '../business/business.repository.ts';
import { isAllowedType, sniffContentType } from './content-type.ts';
import type { StorageDriver } from './drivers/storage-driver.ts';
import { PROCESSED_IMAGE_TYPES, UnreadableImageError, processImage } from './process-image.ts';
import { signObjectUrl, verifyObjectToken, type SignedObjectClaim } from './signed-url.ts';
import {
  bucketNotFound,
  invalidBucketName,
  invalidObjectName,
  invalidSignature,
  objectExists,
  objectNotFound,
  payloadTooLarge,
  storageError,
  systemBucket,
} from './storage-errors.ts';
import { storageRepository, type BucketRow, type ObjectListQuery, type ObjectRow } from './storage.repository.ts';

/** Who stores or changes something: the account, and the employee when one acts on a till. */
export interface StorageActor {
  userId: string | null;
  employeeId: string | null;
}

export interface UploadFile {
  bytes: Uint8Array;
  /** What the sender said it is; believed only for plain text, the bytes decide everything else. */
  declaredType?: string | undefined;
}

export interface PutOptions {
  /** Replace an object of the same name instead of answering 409 object_exists. */
  upsert?: boolean;
  /** max-age in seconds for downloads; SPEC §9's 3600 when left out. */
  cacheControl?: number | undefined;
  actor?: StorageActor | undefined;
}

export interface BucketSettings {
  public: boolean;
  allowedMimeTypes: string[] | null;
  fileSizeLimit: number | null;
}

export interface ObjectBody {
  object: ObjectRow;
  bucket: BucketRow;
  body: Readable;
}

export interface StoredFile {
  object: ObjectRow;
  bucket: string;
  /** A URL path (`/api/storage/object/sign/…?token=…`) that reads the object for `expiresIn` seconds. */
  signedUrl(expiresIn: number): string;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/json': 'json',
};
/** Pictures in buckets that are not Till's own are shrunk to fit this square. */
const CUSTOM_BUCKET_IMAGE_MAX_DIMENSION = 2048;
const EMPTY_BATCH = 500;

const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function validName(name: string): string {
  const check = checkObjectName(name);
  if (!check.ok) throw invalidObjectName(check.reason);
  return check.name;
}

function auditValues(businessId: string, actor: StorageActor | undefined, action: string, details: Record<string, unknown>) {
  return { businessId, actorUserId: actor?.userId ?? null, actorEmployeeId: actor?.employeeId ?? null, action, details };
}

export type StorageService = ReturnType<typeof createStorageService>;

/**
 * The storage service every module uses (SPEC §7): buckets per business, objects whose metadata
 * is a row under row-level security and whose bytes are in the driver. It checks names, types,
 * sizes and existence; who may call what is checked by the HTTP use-cases and by the modules
 * that call it.
 */
export function createStorageService(deps: { database: Database; driver: StorageDriver; secret: string; maxUploadBytes: number; log?: (message: string) => void }) {
  const { database, driver, secret, maxUploadBytes } = deps;
  const log = deps.log ?? ((message: string) => console.error(message));

  /** Bytes whose row is gone (or never came) are removed after the fact; a failure only leaves garbage behind. */
  async function discard(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await driver.remove(keys);
    } catch (error) {
      log(`storage: could not remove ${keys.length} unreferenced object(s): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The bucket, creating a system bucket the first time a feature needs it. */
  async function bucketIn(tx: Tx, businessId: string, name: string): Promise<BucketRow> {
    const found = await storageRepository.findBucket(tx, businessId, name);
    if (found) return found;
    if (!isSystemBucketName(name)) throw bucketNotFound();
    const definition = SYSTEM_BUCKETS[name];
    const created = await storageRepository.insertBucket(tx, {
      businessId,
      name,
      isPublic: definition.public,
      allowedMimeTypes: [...definition.allowedMimeTypes],
      fileSizeLimit: definition.fileSizeLimit,
      isSystem: true,
    });
    // Two first uploads at once: the other one made it.
    return created ?? (await storageRepository.findBucket(tx, businessId, name))!;
  }

  const bucket = (businessId: string, name: string) => database.withTenant(businessId, (tx) => bucketIn(tx, businessId, name));

  const limitOf = (row: BucketRow) => Math.min(row.fileSizeLimit ?? maxUploadBytes, maxUploadBytes);
  const keyFor = (businessId: string, bucketName: string) => `${businessId}/${bucketName}/${uuidV7()}`;

  /** What will be stored: the sniffed type, checked against the bucket, and pictures re-encoded without metadata. */
  async function prepare(row: BucketRow, file: UploadFile): Promise<{ bytes: Uint8Array; contentType: string }> {
    if (file.bytes.byteLength === 0) throw storageError(400, 'empty_file', 'The file is empty');
    const limit = limitOf(row);
    if (file.bytes.byteLength > limit) throw payloadTooLarge(limit);
    const contentType = await sniffContentType(file.bytes, file.declaredType);
    if (!isAllowedType(contentType, row.allowedMimeTypes)) {
      throw new AppError(415, 'mime_type_not_allowed', `This bucket takes ${row.allowedMimeTypes!.join(', ')}; this file is ${contentType}`, {
        content_type: contentType,
      });
    }
    if (!PROCESSED_IMAGE_TYPES.has(contentType)) return { bytes: file.bytes, contentType };
    const maxDimension = isSystemBucketName(row.name) ? SYSTEM_BUCKETS[row.name].imageMaxDimension : CUSTOM_BUCKET_IMAGE_MAX_DIMENSION;
    try {
      return { bytes: await processImage(file.bytes, contentType, maxDimension), contentType };
    } catch (error) {
      if (error instanceof UnreadableImageError) throw storageError(422, 'invalid_image', 'The picture could not be read; it may be damaged');
      throw error;
    }
  }

  async function putObject(businessId: string, bucketName: string, rawName: string, file: UploadFile, options: PutOptions = {}): Promise<ObjectRow> {
    const name = validName(rawName);
    const row = await bucket(businessId, bucketName);
    const { bytes, contentType } = await prepare(row, file);
    const storageKey = keyFor(businessId, row.name);
    await driver.put(storageKey, bytes, contentType);
    const values = {
      storageKey,
      size: bytes.byteLength,
      contentType,
      cacheControl: options.cacheControl ?? STORAGE_DEFAULT_CACHE_CONTROL_SECONDS,
      etag: etagOf(bytes),
      ownerUserId: options.actor?.userId ?? null,
      ownerEmployeeId: options.actor?.employeeId ?? null,
    };
    let replacedKey: string | null = null;
    try {
      const stored = await database.withTenant(businessId, async (tx) => {
        // Two attempts: a concurrent upload of the same name may insert between our look and our insert.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const existing = await storageRepository.findObjectForUpdate(tx, businessId, row.id, name);
          if (existing) {
            if (!options.upsert) throw objectExists();
            replacedKey = existing.storageKey;
            return storageRepository.updateObject(tx, businessId, existing.id, values);
          }
          const inserted = await storageRepository.insertObject(tx, { id: uuidV7(), businessId, bucketId: row.id, name, ...values });
          if (inserted) return inserted;
        }
        throw objectExists();
      });
      if (replacedKey) await discard([replacedKey]);
      return stored;
    } catch (error) {
      await discard([storageKey]);
      throw error;
    }
  }

  async function findObject(businessId: string, bucketName: string, rawName: string): Promise<{ object: ObjectRow; bucket: BucketRow }> {
    const name = validName(rawName);
    return database.withTenant(businessId, async (tx) => {
      const row = await bucketIn(tx, businessId, bucketName);
      const object = await storageRepository.findObject(tx, businessId, row.id, name);
      if (!object) throw objectNotFound();
      return { object, bucket: row };
    });
  }

  async function open(found: { object: ObjectRow; bucket: BucketRow }): Promise<ObjectBody> {
    const body = await driver.get(found.object.storageKey);
    if (!body) {
      log(`storage: the bytes of ${found.bucket.name}/${found.object.name} (${found.object.storageKey}) are missing`);
      throw objectNotFound();
    }
    return { ...found, body };
  }

  function createSignedUrl(businessId: string, bucketName: string, name: string, expiresIn: number, download?: string, now = new Date()) {
    const expires = Math.floor(now.getTime() / 1000) + expiresIn;
    const claim: SignedObjectClaim = { businessId, bucket: bucketName, name, expires, ...(download ? { download } : {}) };
    return { signedUrl: signObjectUrl(secret, claim), expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Copies or moves within a business; across buckets the bytes are copied under the destination's folder. */
  async function relocate(
    businessId: string,
    mode: 'move' | 'copy',
    input: { bucket: string; from: string; to: string; toBucket?: string | undefined },
    actor?: StorageActor,
  ): Promise<ObjectRow> {
    const from = validName(input.from);
    const to = validName(input.to);
    const { source, target, sourceObject } = await database.withTenant(businessId, async (tx) => {
      const source = await bucketIn(tx, businessId, input.bucket);
      const target = input.toBucket && input.toBucket !== input.bucket ? await bucketIn(tx, businessId, input.toBucket) : source;
      const sourceObject = await storageRepository.findObject(tx, businessId, source.id, from);
      if (!sourceObject) throw objectNotFound();
      return { source, target, sourceObject };
    });
    if (target.id !== source.id) {
      if (sourceObject.size > limitOf(target)) throw payloadTooLarge(limitOf(target));
      if (!isAllowedType(sourceObject.contentType, target.allowedMimeTypes)) {
        throw new AppError(415, 'mime_type_not_allowed', `The bucket ${target.name} takes ${target.allowedMimeTypes!.join(', ')}; this file is ${sourceObject.contentType}`);
      }
    }
    if (mode === 'move' && target.id === source.id && from === to) return sourceObject;
    const newKey = mode === 'copy' || target.id !== source.id ? keyFor(businessId, target.name) : null;
    if (newKey) await driver.copy(sourceObject.storageKey, newKey);
    try {
      const result = await database.withTenant(businessId, async (tx) => {
        const current = await storageRepository.findObjectForUpdate(tx, businessId, source.id, from);
        // Replaced or removed while the bytes were copied: the copy is of something that is gone.
        if (!current || current.storageKey !== sourceObject.storageKey) throw storageError(409, 'object_changed', 'The object changed meanwhile; try again');
        if (await storageRepository.findObject(tx, businessId, target.id, to)) throw objectExists();
        try {
          if (mode === 'move') {
            return await storageRepository.updateObject(tx, businessId, current.id, { bucketId: target.id, name: to, ...(newKey ? { storageKey: newKey } : {}) });
          }
          const copied = await storageRepository.insertObject(tx, {
            id: uuidV7(),
            businessId,
            bucketId: target.id,
            name: to,
            storageKey: newKey!,
            size: current.size,
            contentType: current.contentType,
            cacheControl: current.cacheControl,
            etag: current.etag,
            ownerUserId: actor?.userId ?? null,
            ownerEmployeeId: actor?.employeeId ?? null,
          });
          if (!copied) throw objectExists();
          return copied;
        } catch (error) {
          if (isUniqueViolation(error)) throw objectExists();
          throw error;
        }
      });
      if (mode === 'move' && newKey) await discard([sourceObject.storageKey]);
      return result;
    } catch (error) {
      if (newKey) await discard([newKey]);
      throw error;
    }
  }

  return {
    driverKind: driver.kind,
    maxUploadBytes,

    bucket,

    /** The system bucket a feature stores into, created the first time. */
    ensureSystemBucket: (businessId: string, name: SystemBucketName) => bucket(businessId, name),

    async listBuckets(businessId: string): Promise<BucketRow[]> {
      return database.withTenant(businessId, (tx) => storageRepository.listBuckets(tx, businessId));
    },

    async createBucket(businessId: string, name: string, settings: BucketSettings, actor?: StorageActor): Promise<BucketRow> {
      const check = checkBucketName(name);
      if (!check.ok) throw invalidBucketName(check.reason);
      if (isSystemBucketName(name)) throw storageError(409, 'bucket_exists', 'This name is kept for a bucket Till makes itself');
      return database.withTenant(businessId, async (tx) => {
        const created = await storageRepository.insertBucket(tx, {
          businessId,
          name,
          isPublic: settings.public,
          allowedMimeTypes: settings.allowedMimeTypes,
          fileSizeLimit: settings.fileSizeLimit,
        });
        if (!created) throw storageError(409, 'bucket_exists', 'A bucket with this name already exists');
        await businessRepository.insertAudit(tx, auditValues(businessId, actor, 'storage.bucket_created', { bucket: name, public: settings.public }));
        return created;
      });
    },

    async updateBucket(businessId: string, name: string, patch: Partial<BucketSettings>, actor?: StorageActor): Promise<BucketRow> {
      return database.withTenant(businessId, async (tx) => {
        const row = await bucketIn(tx, businessId, name);
        if (row.isSystem) throw systemBucket();
        const updated = await storageRepository.updateBucket(tx, businessId, row.id, {
          ...(patch.public !== undefined ? { isPublic: patch.public } : {}),
          ...(patch.allowedMimeTypes !== undefined ? { allowedMimeTypes: patch.allowedMimeTypes } : {}),
          ...(patch.fileSizeLimit !== undefined ? { fileSizeLimit: patch.fileSizeLimit } : {}),
        });
        await businessRepository.insertAudit(tx, auditValues(businessId, actor, 'storage.bucket_updated', { bucket: name, ...patch }));
        return updated;
      });
    },

    async deleteBucket(businessId: string, name: string, actor?: StorageActor): Promise<void> {
      await database.withTenant(businessId, async (tx) => {
        const row = await storageRepository.findBucketForUpdate(tx, businessId, name);
        if (!row) throw bucketNotFound();
        if (row.isSystem) throw systemBucket();
        if (await storageRepository.hasObjects(tx, businessId, row.id)) throw storageError(409, 'bucket_not_empty', 'Empty the bucket before deleting it');
        await storageRepository.deleteBucket(tx, businessId, row.id);
        await businessRepository.insertAudit(tx, auditValues(businessId, actor, 'storage.bucket_deleted', { bucket: name }));
      });
    },

    /** Removes every object, a batch at a time (short transactions); answers how many. */
    async emptyBucket(businessId: string, name: string, actor?: StorageActor): Promise<number> {
      const row = await bucket(businessId, name);
      if (row.isSystem) throw systemBucket();
      let removed = 0;
      for (;;) {
        const rows = await database.withTenant(businessId, (tx) => storageRepository.deleteSomeObjects(tx, businessId, row.id, EMPTY_BATCH));
        if (rows.length === 0) break;
        removed += rows.length;
        await discard(rows.map((object) => object.storageKey));
      }
      await database.withTenant(businessId, (tx) =>
        businessRepository.insertAudit(tx, auditValues(businessId, actor, 'storage.bucket_emptied', { bucket: name, objects: removed })),
      );
      return removed;
    },

    putObject,

    /**
     * What other modules call: `storage.upload(businessId, 'expense-receipts', { bytes })`. Without
     * a name the object gets a fresh one (`<uuid v7>.<ext>`, under `folder/` when given).
     */
    async upload(businessId: string, bucketName: string, file: UploadFile, options: PutOptions & { name?: string; folder?: string } = {}): Promise<StoredFile> {
      let name = options.name;
      if (!name) {
        const contentType = await sniffContentType(file.bytes, file.declaredType);
        name = `${options.folder ? `${options.folder.replace(/\/+$/, '')}/` : ''}${uuidV7()}.${EXTENSIONS[contentType] ?? 'bin'}`;
      }
      const object = await putObject(businessId, bucketName, name, file, options);
      return {
        object,
        bucket: bucketName,
        signedUrl: (expiresIn: number) => createSignedUrl(businessId, bucketName, object.name, expiresIn).signedUrl,
      };
    },

    headObject: async (businessId: string, bucketName: string, name: string) => findObject(businessId, bucketName, name),

    /** The object's row and a stream of its bytes. */
    getObject: async (businessId: string, bucketName: string, name: string): Promise<ObjectBody> => open(await findObject(businessId, bucketName, name)),

    async list(businessId: string, bucketName: string, query: ObjectListQuery): Promise<{ objects: ObjectRow[]; bucket: BucketRow }> {
      return database.withTenant(businessId, async (tx) => {
        const row = await bucketIn(tx, businessId, bucketName);
        return { objects: await storageRepository.listObjects(tx, businessId, row.id, query), bucket: row };
      });
    },

    move: (businessId: string, input: { bucket: string; from: string; to: string; toBucket?: string | undefined }, actor?: StorageActor) =>
      relocate(businessId, 'move', input, actor),

    copy: (businessId: string, input: { bucket: string; from: string; to: string; toBucket?: string | undefined }, actor?: StorageActor) =>
      relocate(businessId, 'copy', input, actor),

    /** Deletes the named objects (names that do not exist are skipped) and answers the ones deleted. */
    async remove(businessId: string, bucketName: string, rawNames: readonly string[], actor?: StorageActor): Promise<ObjectRow[]> {
      const names = rawNames.map(validName);
      const rows = await database.withTenant(businessId, async (tx) => {
        const row = await bucketIn(tx, businessId, bucketName);
        const deleted = await storageRepository.deleteObjectsByName(tx, businessId, row.id, names);
        if (deleted.length) {
          await businessRepository.insertAudit(
            tx,
            auditValues(businessId, actor, 'storage.objects_deleted', { bucket: bucketName, names: deleted.map((object) => object.name).slice(0, 100), count: deleted.length }),
          );
        }
        return deleted;
      });
      await discard(rows.map((object) => object.storageKey));
      return rows;
    },

    /** A signed URL for an object that exists; 404 otherwise. */
    async createSignedUrl(businessId: string, bucketName: string, rawName: string, expiresIn: number, download?: string) {
      const { object } = await findObject(businessId, bucketName, rawName);
      return createSignedUrl(businessId, bucketName, object.name, expiresIn, download);
    },

    /** One answer per path, in order; a missing or malformed one gets an error instead of a URL. */
    async createSignedUrls(businessId: string, bucketName: string, paths: readonly string[], expiresIn: number) {
      const checked = paths.map((path) => ({ path, check: checkObjectName(path) }));
      const names = checked.flatMap((entry) => (entry.check.ok ? [entry.check.name] : []));
      const existing = await database.withTenant(businessId, async (tx) => {
        const row = await bucketIn(tx, businessId, bucketName);
        return storageRepository.existingNames(tx, businessId, row.id, names);
      });
      return checked.map(({ path, check }) => {
        if (!check.ok) return { path, signedUrl: null, expiresAt: null, error: check.reason };
        if (!existing.has(check.name)) return { path, signedUrl: null, expiresAt: null, error: 'Object not found' };
        return { path, ...createSignedUrl(businessId, bucketName, check.name, expiresIn), error: null };
      });
    },

    /** The object a signed URL names, while the URL is valid. */
    async readSigned(bucketName: string, rawName: string, token: string): Promise<ObjectBody & { claim: SignedObjectClaim }> {
      const check = checkObjectName(rawName);
      const claim = check.ok ? verifyObjectToken(secret, token, bucketName, check.name) : null;
      if (!claim || !check.ok) throw invalidSignature();
      return { ...(await open(await findObject(claim.businessId, bucketName, check.name))), claim };
    },

    /** An object of a public bucket, to anyone; a private bucket's answers 404 as if it did not exist. */
    async readPublic(businessId: string, bucketName: string, rawName: string): Promise<ObjectBody> {
      const name = validName(rawName);
      const found = await database.withTenant(businessId, async (tx) => {
        const row = await storageRepository.findBucket(tx, businessId, bucketName);
        if (!row || !row.isPublic) throw bucketNotFound();
        const object = await storageRepository.findObject(tx, businessId, row.id, name);
        if (!object) throw objectNotFound();
        return { object, bucket: row };
      });
      return open(found);
    },

    createSignedUrlFor: createSignedUrl,
  };
}
