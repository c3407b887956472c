import { z } from '@hono/zod-openapi';
import { API_ERROR_CODES } from '@till/core';

export const errorSchema = z
  .object({
    // The typed list (core `API_ERROR_CODES`), so the generated web types know every code.
    error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string() }).catchall(z.unknown()),
  })
  .openapi('Error');

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in or wrong credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  422: 'Unprocessable',
  429: 'Too many requests',
  503: 'Unavailable',
};

export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: errorSchema } } }]),
  ) as { [K in S[number]]: { description: string; content: { 'application/json': { schema: typeof errorSchema } } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/**
 * A schema or null. zod-to-openapi (9.1) writes a named schema's `.nullable()` as a bare `$ref`,
 * dropping the null, so the document (and the web's generated types) would promise an object
 * where the server sends null; a union with z.null() is written as `anyOf [$ref, null]`.
 * Lint refuses `somethingSchema.nullable()` in the server for this reason.
 */
export function nullableRef<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}
