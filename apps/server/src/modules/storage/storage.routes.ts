import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  bucketNameSchema,
  bucketSchema,
  copyObjectInput,
  createBucketInput,
  listObjectsInput,
  listObjectsResponse,
  moveObjectInput,
  objectSchema,
  removeObjectsInput,
  signObjectInput,
  signObjectsInput,
  signObjectsResponse,
  signedUrlResponse,
  storageErrorSchema,
  updateBucketInput,
} from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { copyObject } from './copy-object.ts';
import { createBucket } from './create-bucket.ts';
import { deleteBucket } from './delete-bucket.ts';
import { downloadObject } from './download-object.ts';
import { emptyBucket } from './empty-bucket.ts';
import { getBucket } from './get-bucket.ts';
import { getObjectInfo } from './get-object-info.ts';
import { readUploadBody } from './http-body.ts';
import { listBuckets } from './list-buckets.ts';
import { listObjects } from './list-objects.ts';
import { moveObject } from './move-object.ts';
import { objectResponse } from './object-response.ts';
import { readPublicObject } from './read-public-object.ts';
import { readSignedObject } from './read-signed-object.ts';
import { removeObjects } from './remove-objects.ts';
import { signObjectUrl, signObjectUrls } from './sign-object-urls.ts';
import { objectNotFound } from './storage-errors.ts';
import { updateBucket } from './update-bucket.ts';
import { uploadObject } from './upload-object.ts';

/**
 * SPEC §7 storage over HTTP, shaped like the BaaS storage API: buckets under /api/storage/bucket,
 * objects under /api/storage/object/{bucket}/{name…} where the name may hold "/" (folders).
 * Every route is a business route; what an actor may do in a bucket is checked per bucket by
 * the use-case (evaluateStorageAccess). Signed and public reads are the two public routes.
 */

/** The path parameter that takes the rest of the path (folders included). */
const NAME = '{name{.+}}';
/** Upload paths read their own body (app.ts lets them past its 1 MB JSON limit). */
export const STORAGE_UPLOAD_PATH = /^\/api\/storage\/object\/(?!(?:authenticated|copy|info|list|move|public|sign|upload)(?:\/|$))[^/]+\/.+/;

const tags = ['storage'];
const member = business({});
const bucketParams = z.object({ bucket: bucketNameSchema });
const objectParams = z.object({ bucket: bucketNameSchema, name: z.string().min(1).max(4096) });

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, { description: 'Error with status and statusCode', content: { 'application/json': { schema: storageErrorSchema } } }]));
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } }) as const;
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } }) as const;
const binary = (description: string) => ({ description, content: { '*/*': { schema: z.string().openapi({ format: 'binary' }) } } }) as const;

const listBucketsRoute = defineRoute({
  method: 'get',
  path: '/api/storage/bucket',
  access: member,
  tags,
  summary: "The business's buckets by name",
  responses: { 200: json(z.array(bucketSchema), 'Buckets'), ...errors(400, 401, 403) },
});

const createBucketRoute = defineRoute({
  method: 'post',
  path: '/api/storage/bucket',
  access: member,
  tags,
  summary: 'Create a bucket (owner, or an admin with can_change_settings): public or private, allowed MIME types, file size limit',
  request: { body: jsonBody(createBucketInput) },
  responses: { 201: json(bucketSchema, 'Created'), ...errors(400, 401, 403, 409) },
});

const getBucketRoute = defineRoute({
  method: 'get',
  path: '/api/storage/bucket/{bucket}',
  access: member,
  tags,
  summary: 'One bucket (a system bucket is created on first use)',
  request: { params: bucketParams },
  responses: { 200: json(bucketSchema, 'The bucket'), ...errors(400, 401, 403, 404) },
});

const updateBucketRoute = defineRoute({
  method: 'put',
  path: '/api/storage/bucket/{bucket}',
  access: member,
  tags,
  summary: 'Change public, allowed_mime_types or file_size_limit (owner, or an admin with can_change_settings); 409 for system buckets',
  request: { params: bucketParams, body: jsonBody(updateBucketInput) },
  responses: { 200: json(bucketSchema, 'Updated'), ...errors(400, 401, 403, 404, 409) },
});

const deleteBucketRoute = defineRoute({
  method: 'delete',
  path: '/api/storage/bucket/{bucket}',
  access: member,
  tags,
  summary: 'Delete an empty bucket (owner, or an admin with can_change_settings); 409 bucket_not_empty',
  request: { params: bucketParams },
  responses: { 200: json(z.object({ message: z.string() }), 'Deleted'), ...errors(400, 401, 403, 404, 409) },
});

const emptyBucketRoute = defineRoute({
  method: 'post',
  path: '/api/storage/bucket/{bucket}/empty',
  access: member,
  tags,
  summary: 'Delete every object of a bucket (owner, or an admin with can_change_settings)',
  request: { params: bucketParams },
  responses: { 200: json(z.object({ message: z.string(), removed: z.number().int() }), 'Emptied'), ...errors(400, 401, 403, 404, 409) },
});

const listObjectsRoute = defineRoute({
  method: 'post',
  path: '/api/storage/object/list/{bucket}',
  access: member,
  tags,
  summary: 'List objects: 100 by name ascending by default (SPEC §7); prefix, search, offset or cursor, sort_by',
  request: { params: bucketParams, body: { required: false, content: { 'application/json': { schema: listObjectsInput } } } },
  responses: { 200: json(listObjectsResponse, 'One page'), ...errors(400, 401, 403, 404) },
});

const moveObjectRoute = defineRoute({
  method: 'post',
  path: '/api/storage/object/move',
  access: member,
  tags,
  summary: 'Rename or move an object (within the business); 409 object_exists when the destination is taken',
  request: { body: jsonBody(moveObjectInput) },
  responses: { 200: json(z.object({ message: z.string(), object: objectSchema }), 'Moved'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const copyObjectRoute = defineRoute({
  method: 'post',
  path: '/api/storage/object/copy',
  access: member,
  tags,
  summary: 'Copy an object (within the business); 409 object_exists when the destination is taken',
  request: { body: jsonBody(copyObjectInput) },
  responses: { 200: json(z.object({ message: z.string(), object: objectSchema }), 'Copied'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const signManyRoute = defineRoute({
  method: 'post',
  path: '/api/storage/object/sign/{bucket}',
  access: member,
  tags,
  summary: 'Signed URLs for several objects: one answer per path, with an error for a missing one',
  request: { params: bucketParams, body: jsonBody(signObjectsInput) },
  responses: { 200: json(signObjectsResponse, 'Signed URLs'), ...errors(400, 401, 403, 404) },
});

const signOneRoute = defineRoute({
  method: 'post',
  path: `/api/storage/object/sign/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: 'A signed URL for one object, valid expires_in seconds (at most 7 days)',
  request: { params: objectParams, body: jsonBody(signObjectInput) },
  responses: { 200: json(signedUrlResponse, 'Signed URL'), ...errors(400, 401, 403, 404) },
});

const readSignedRoute = defineRoute({
  method: 'get',
  path: `/api/storage/object/sign/{bucket}/${NAME}`,
  access: PUBLIC,
  tags,
  summary: 'Read an object through a signed URL; 403 invalid_signature when wrong, altered or expired',
  request: { params: objectParams, query: z.object({ token: z.string().min(1).max(8192) }) },
  responses: { 200: binary('The bytes'), 304: { description: 'Not modified' }, ...errors(400, 403, 404) },
});

const readPublicRoute = defineRoute({
  method: 'get',
  path: `/api/storage/object/public/{business_id}/{bucket}/${NAME}`,
  access: PUBLIC,
  tags,
  summary: 'Read an object of a public bucket, without signing in',
  request: { params: objectParams.extend({ business_id: z.uuid() }) },
  responses: { 200: binary('The bytes'), 304: { description: 'Not modified' }, ...errors(400, 404) },
});

const infoRoute = defineRoute({
  method: 'get',
  path: `/api/storage/object/info/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: "An object's metadata: size, content type, cache-control, etag, owner, dates",
  request: { params: objectParams },
  responses: { 200: json(objectSchema, 'Metadata'), ...errors(400, 401, 403, 404) },
});

const downloadRoute = defineRoute({
  method: 'get',
  path: `/api/storage/object/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: 'Download an object (Cache-Control: private, max-age=3600 unless the object says otherwise); ?download asks the browser to save it',
  request: { params: objectParams, query: z.object({ download: z.string().max(255).optional() }) },
  responses: { 200: binary('The bytes'), 304: { description: 'Not modified' }, ...errors(400, 401, 403, 404) },
});

const uploadDescription =
  'The body is the file itself (its Content-Type) or multipart/form-data with a "file" field. The bytes decide the type; pictures are shrunk and lose their EXIF. cache-control header or cache_control field: seconds (3600 by default).';

const uploadRoute = defineRoute({
  method: 'post',
  path: `/api/storage/object/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: 'Upload an object; 409 object_exists unless x-upsert: true (which needs the right to delete too)',
  description: uploadDescription,
  request: { params: objectParams, headers: z.object({ 'x-upsert': z.enum(['true', 'false']).optional() }) },
  responses: { 200: json(z.object({ object: objectSchema }), 'Stored'), ...errors(400, 401, 403, 404, 409, 413, 415, 422) },
});

const replaceRoute = defineRoute({
  method: 'put',
  path: `/api/storage/object/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: 'Upload an object, replacing one of the same name (needs the right to delete as well)',
  description: uploadDescription,
  request: { params: objectParams },
  responses: { 200: json(z.object({ object: objectSchema }), 'Stored'), ...errors(400, 401, 403, 404, 413, 415, 422) },
});

const deleteOneRoute = defineRoute({
  method: 'delete',
  path: `/api/storage/object/{bucket}/${NAME}`,
  access: member,
  tags,
  summary: 'Delete one object (owner, or an admin with can_change_settings); 404 when there is none',
  request: { params: objectParams },
  responses: { 200: json(z.object({ message: z.string(), object: objectSchema }), 'Deleted'), ...errors(400, 401, 403, 404) },
});

const deleteManyRoute = defineRoute({
  method: 'delete',
  path: '/api/storage/object/{bucket}',
  access: member,
  tags,
  summary: 'Delete several objects by name (prefixes); answers the ones that existed',
  request: { params: bucketParams, body: jsonBody(removeObjectsInput) },
  responses: { 200: json(z.array(objectSchema), 'Deleted'), ...errors(400, 401, 403, 404) },
});

const upload = (upsert: (header: string | undefined) => boolean) =>
  async (c: import('hono').Context<AppEnv>) => {
    const { bucket, name } = c.req.param() as { bucket: string; name: string };
    const declared = Number(c.req.header('content-length'));
    const object = await uploadObject(c.var.services.storage, c.var.tenant, {
      bucket: bucketNameSchema.parse(bucket),
      name,
      upsert: upsert(c.req.header('x-upsert')),
      declaredLength: Number.isFinite(declared) && c.req.header('content-length') ? declared : null,
      readBody: (limit) => readUploadBody(c.req.raw, limit),
    });
    return c.json({ object }, 200);
  };

// Fixed words first: "list", "sign", "info" and "public" must not be read as bucket names.
export const storageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listBucketsRoute, async (c) => c.json(await listBuckets(c.var.services.storage, c.var.tenant), 200))
  .openapi(createBucketRoute, async (c) => c.json(await createBucket(c.var.services.storage, c.var.tenant, c.req.valid('json')), 201))
  .openapi(getBucketRoute, async (c) => c.json(await getBucket(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket), 200))
  .openapi(updateBucketRoute, async (c) =>
    c.json(await updateBucket(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket, c.req.valid('json')), 200),
  )
  .openapi(deleteBucketRoute, async (c) => {
    await deleteBucket(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket);
    return c.json({ message: 'Successfully deleted' }, 200);
  })
  .openapi(emptyBucketRoute, async (c) => {
    const removed = await emptyBucket(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket);
    return c.json({ message: 'Successfully emptied', removed }, 200);
  })
  .openapi(listObjectsRoute, async (c) => {
    const body = c.req.header('content-type') ? c.req.valid('json') : listObjectsInput.parse({});
    return c.json(await listObjects(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket, body), 200);
  })
  .openapi(moveObjectRoute, async (c) => c.json({ message: 'Successfully moved', object: await moveObject(c.var.services.storage, c.var.tenant, c.req.valid('json')) }, 200))
  .openapi(copyObjectRoute, async (c) => c.json({ message: 'Successfully copied', object: await copyObject(c.var.services.storage, c.var.tenant, c.req.valid('json')) }, 200))
  .openapi(signManyRoute, async (c) => {
    const { expires_in, paths } = c.req.valid('json');
    return c.json(await signObjectUrls(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket, paths, expires_in), 200);
  })
  .openapi(signOneRoute, async (c) => {
    const { bucket, name } = c.req.valid('param');
    const { expires_in, download } = c.req.valid('json');
    return c.json(await signObjectUrl(c.var.services.storage, c.var.tenant, { bucket, name, expiresIn: expires_in, download }), 200);
  })
  .openapi(readSignedRoute, async (c) => {
    const { bucket, name } = c.req.valid('param');
    const found = await readSignedObject(c.var.services.storage, bucket, name, c.req.valid('query').token);
    const remaining = found.claim.expires - Math.floor(Date.now() / 1000);
    return objectResponse(c, found, { visibility: 'private', maxAgeCap: remaining, download: found.claim.download }) as never;
  })
  .openapi(readPublicRoute, async (c) => {
    const { business_id, bucket, name } = c.req.valid('param');
    return objectResponse(c, await readPublicObject(c.var.services.storage, business_id, bucket, name), { visibility: 'public' }) as never;
  })
  .openapi(infoRoute, async (c) => {
    const { bucket, name } = c.req.valid('param');
    return c.json(await getObjectInfo(c.var.services.storage, c.var.tenant, bucket, name), 200);
  })
  .openapi(downloadRoute, async (c) => {
    const { bucket, name } = c.req.valid('param');
    const download = c.req.valid('query').download;
    const found = await downloadObject(c.var.services.storage, c.var.tenant, bucket, name);
    const saveAs = download === undefined ? undefined : download || name.slice(name.lastIndexOf('/') + 1);
    return objectResponse(c, found, { visibility: 'private', download: saveAs }) as never;
  })
  .openapi(uploadRoute, upload((header) => header === 'true') as never)
  .openapi(replaceRoute, upload(() => true) as never)
  .openapi(deleteOneRoute, async (c) => {
    const { bucket, name } = c.req.valid('param');
    const [removed] = await removeObjects(c.var.services.storage, c.var.tenant, bucket, [name]);
    if (!removed) throw objectNotFound();
    return c.json({ message: 'Successfully deleted', object: removed }, 200);
  })
  .openapi(deleteManyRoute, async (c) => {
    const { prefixes } = c.req.valid('json');
    return c.json(await removeObjects(c.var.services.storage, c.var.tenant, c.req.valid('param').bucket, prefixes), 200);
  });
