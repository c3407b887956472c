import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Storage (SPEC §7): buckets per business and the metadata of every object; the bytes live in
 * the storage driver (local disk or an S3-compatible service) under `storage_key`. Both tables
 * are fenced by business_id (see the storage row-level security migration).
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const storageBuckets = pgTable(
  'storage_buckets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    isPublic: boolean('public').notNull().default(false),
    /** null: any type; entries may end in "/*" (image/*). */
    allowedMimeTypes: text('allowed_mime_types').array(),
    /** Bytes; null: the deployment's maximum. */
    fileSizeLimit: bigint('file_size_limit', { mode: 'number' }),
    /** Created by Till for a feature; fixed. */
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('storage_buckets_business_name').on(table.businessId, table.name)],
);

export const storageObjects = pgTable(
  'storage_objects',
  {
    id: uuid('id').primaryKey(),
    businessId: businessId(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => storageBuckets.id),
    /** Collation "C" (set in the row-level security migration): listed in byte order everywhere, prefix searches use the index. */
    name: text('name').notNull(),
    /** Where the driver keeps the bytes: `<business>/<bucket>/<version>`, a new version for every write. */
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** max-age in seconds. */
    cacheControl: integer('cache_control').notNull(),
    etag: text('etag').notNull(),
    ownerUserId: uuid('owner_user_id'),
    ownerEmployeeId: uuid('owner_employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('storage_objects_bucket_name').on(table.bucketId, table.name),
    index('storage_objects_business').on(table.businessId),
  ],
);
