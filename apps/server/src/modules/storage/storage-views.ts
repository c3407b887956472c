import { cacheControlHeader, type Bucket, type StorageObject } from '@till/core';
import type { BucketRow, ObjectRow } from './storage.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toBucketView(row: BucketRow): Bucket {
  return {
    id: row.name,
    name: row.name,
    public: row.isPublic,
    allowed_mime_types: row.allowedMimeTypes,
    file_size_limit: row.fileSizeLimit,
    system: row.isSystem,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toObjectView(row: ObjectRow, bucketName: string): StorageObject {
  return {
    id: row.id,
    bucket: bucketName,
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    cache_control: cacheControlHeader(row.cacheControl),
    etag: row.etag,
    owner: { user_id: row.ownerUserId, employee_id: row.ownerEmployeeId },
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
