import { z } from 'zod';
import {
  STORAGE_LIST_DEFAULT_LIMIT,
  STORAGE_LIST_MAX_LIMIT,
  STORAGE_SIGNED_URL_MAX_SECONDS,
  checkBucketName,
  checkObjectName,
} from '../storage.ts';

/**
 * Request and response shapes of the storage API (SPEC §7), snake_case on the wire. The server
 * validates with these and the web app types its calls with them.
 */

/** Largest upload any bucket may allow (the deployment may lower it with STORAGE_MAX_UPLOAD_BYTES). */
export const STORAGE_UPLOAD_HARD_MAX_BYTES = 100 * 1024 * 1024;

const noNul = (value: string) => !value.includes('\u0000');

export const bucketNameSchema = z.string().superRefine((value, context) => {
  const check = checkBucketName(value);
  if (!check.ok) context.addIssue({ code: 'custom', message: check.reason });
});

/** Validated and normalised (NFC); see checkObjectName. */
export const objectNameSchema = z.string().transform((value, context) => {
  const check = checkObjectName(value);
  if (!check.ok) {
    context.addIssue({ code: 'custom', message: check.reason });
    return z.NEVER;
  }
  return check.name;
});

const mimeType = z
  .string()
  .max(127)
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9*][a-z0-9!#$&^_.+-]*$/i, 'Give a MIME type such as image/png or image/*')
  .transform((value) => value.toLowerCase());

export const bucketSchema = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  /** null: any type. "image/*" allows every image type. */
  allowed_mime_types: z.array(z.string()).nullable(),
  /** Bytes; null: the deployment's maximum. */
  file_size_limit: z.number().int().nullable(),
  /** Made by Till for a feature (product images, receipts…): cannot be changed, emptied or deleted. */
  system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bucket = z.infer<typeof bucketSchema>;

export const createBucketInput = z.strictObject({
  name: bucketNameSchema,
  public: z.boolean().default(false),
  allowed_mime_types: z.array(mimeType).max(50).nullable().default(null),
  file_size_limit: z.number().int().min(1).max(STORAGE_UPLOAD_HARD_MAX_BYTES).nullable().default(null),
});
export type CreateBucketInput = z.input<typeof createBucketInput>;

export const updateBucketInput = z
  .strictObject({
    public: z.boolean().optional(),
    allowed_mime_types: z.array(mimeType).max(50).nullable().optional(),
    file_size_limit: z.number().int().min(1).max(STORAGE_UPLOAD_HARD_MAX_BYTES).nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Give at least one of public, allowed_mime_types, file_size_limit');
export type UpdateBucketInput = z.input<typeof updateBucketInput>;

export const objectSchema = z.object({
  id: z.string(),
  bucket: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  /** The Cache-Control header downloads carry, "max-age=3600" unless the upload said otherwise. */
  cache_control: z.string(),
  etag: z.string(),
  /** The account and, on a till, the employee who stored it. */
  owner: z.object({ user_id: z.string().nullable(), employee_id: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorageObject = z.infer<typeof objectSchema>;

export const LIST_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'size'] as const;

export const listObjectsInput = z.strictObject({
  /** Only names that start with this (a folder is "receipts/2024/"). */
  prefix: z.string().max(1024).refine(noNul, 'The prefix has a NUL character').default(''),
  /** Names that contain this, in any case. */
  search: z.string().max(200).refine(noNul, 'The search has a NUL character').optional(),
  limit: z.number().int().min(1).max(STORAGE_LIST_MAX_LIMIT).default(STORAGE_LIST_DEFAULT_LIMIT),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  /** next_cursor of the previous page (name order only); continues after it, ignoring offset. */
  cursor: z.string().max(2000).optional(),
  sort_by: z
    .strictObject({ column: z.enum(LIST_SORT_COLUMNS).default('name'), order: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'name', order: 'asc' }),
});
export type ListObjectsInput = z.input<typeof listObjectsInput>;

export const listObjectsResponse = z.object({
  objects: z.array(objectSchema),
  /** Pass as cursor for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ListObjectsResponse = z.infer<typeof listObjectsResponse>;

export const moveObjectInput = z.strictObject({
  bucket: bucketNameSchema,
  source_key: objectNameSchema,
  destination_key: objectNameSchema,
  /** Another bucket of the same business; the same bucket when left out. */
  destination_bucket: bucketNameSchema.optional(),
});
export type MoveObjectInput = z.input<typeof moveObjectInput>;
export const copyObjectInput = moveObjectInput;
export type CopyObjectInput = MoveObjectInput;

export const removeObjectsInput = z.strictObject({
  prefixes: z.array(objectNameSchema).min(1).max(1000),
});
export type RemoveObjectsInput = z.input<typeof removeObjectsInput>;

export const expiresInSchema = z.number().int().min(1).max(STORAGE_SIGNED_URL_MAX_SECONDS);

export const signObjectInput = z.strictObject({
  /** Seconds the URL stays valid, at most 7 days. */
  expires_in: expiresInSchema,
  /** Ask the browser to save the file under this name instead of showing it. */
  download: z.union([z.boolean(), z.string().min(1).max(255).refine(noNul)]).optional(),
});
export type SignObjectInput = z.input<typeof signObjectInput>;

export const signedUrlResponse = z.object({ signed_url: z.string(), expires_at: z.string() });
export type SignedUrlResponse = z.infer<typeof signedUrlResponse>;

export const signObjectsInput = z.strictObject({
  expires_in: expiresInSchema,
  paths: z.array(z.string().max(2048)).min(1).max(1000),
});
export type SignObjectsInput = z.input<typeof signObjectsInput>;

export const signObjectsResponse = z.array(
  z.object({ path: z.string(), signed_url: z.string().nullable(), expires_at: z.string().nullable(), error: z.string().nullable() }),
);
export type SignObjectsResponse = z.infer<typeof signObjectsResponse>;

/**
 * Storage errors (SPEC §8 "Storage errors carry status and statusCode"): as the BaaS storage
 * client reads them, `status` is the HTTP status as a number and `statusCode` the same as a string.
 */
export const storageErrorSchema = z.object({
  error: z
    .object({ code: z.string(), message: z.string(), status: z.number().int(), statusCode: z.string() })
    .catchall(z.unknown()),
});
export type StorageErrorBody = z.infer<typeof storageErrorSchema>;
