import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { PUBLIC, defineRoute } from '../../lib/routing.ts';
import { readSignedFile } from './read-signed-file.ts';
import { fileStorageFor } from './storage.ts';

const getFileRoute = defineRoute({
  method: 'get',
  path: '/api/files/{businessId}/{fileName}',
  access: PUBLIC,
  tags: ['files'],
  summary: 'A stored file (a product image) through a signed URL from a product view; 403 when the signature is wrong or expired',
  request: {
    params: z.object({ businessId: z.uuid(), fileName: z.string().max(200) }),
    query: z.object({
      expires: z.coerce.number().int().positive(),
      signature: z.string().min(1).max(200),
    }),
  },
  responses: {
    200: { description: 'The file', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 403, 404),
  },
});

export const filesRoutes = new OpenAPIHono<AppEnv>().openapi(getFileRoute, async (c) => {
  const { businessId, fileName } = c.req.valid('param');
  const { expires, signature } = c.req.valid('query');
  const file = await readSignedFile(fileStorageFor(c.var.services.config), c.var.services.config.authSecret, {
    key: `${businessId}/${fileName}`,
    expires,
    signature,
    now: new Date(),
  });
  return c.body(file.data as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Cache-Control': `private, max-age=${file.maxAgeSeconds}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
});
