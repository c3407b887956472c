import createClient from 'openapi-fetch';
import type { paths } from './api-schema.gen';
import { fileNameFromDisposition, sendToServer, serverUrl } from './api-client';

/**
 * The typed client: paths, parameters, bodies and answers all come from the server's own route
 * schemas (api-schema.gen.ts, generated from the OpenAPI document by scripts/api-types.mjs), so a
 * field renamed on the server fails the web's typecheck. Requests travel through `sendToServer`
 * like every other call: the employee token, the cookie, and `ApiError` for any 4xx/5xx, so a
 * resolved call always holds its success answer.
 *
 *   const drawer = await dataOf(api.GET('/api/cash-sessions/current', { params: { query: { register_id: registerId } }, signal }));
 *
 * A route that answers with a file (a CSV export, a PDF) is read as a Blob:
 *
 *   const { blob, fileName } = await fileOf(api.GET('/api/suppliers/export.csv', { parseAs: 'blob' }));
 */
export const api = createClient<paths>({ baseUrl: serverUrl('/').replace(/\/$/, ''), fetch: sendToServer });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<Path extends keyof paths, M extends Method> = paths[Path] extends { [K in M]: infer Op } ? Op : never;

/** The success (200 or 201) JSON answer of a route, e.g. `ApiAnswer<'/api/orders/{id}', 'get'>`. */
export type ApiAnswer<Path extends keyof paths, M extends Method = 'get'> =
  Operation<Path, M> extends { responses: infer Responses }
    ? { [Status in keyof Responses]: Status extends 200 | 201 ? JsonOf<Responses[Status]> : never }[keyof Responses]
    : never;

/** The JSON body a route takes. */
export type ApiBody<Path extends keyof paths, M extends Method = 'post'> =
  Operation<Path, M> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** The query string a route takes. */
export type ApiQuery<Path extends keyof paths, M extends Method = 'get'> =
  Operation<Path, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The answer of a call that succeeded (a failure has already thrown an `ApiError`). */
export async function dataOf<Result extends { data?: unknown }>(call: Promise<Result>): Promise<NonNullable<Result['data']>> {
  const result = await call;
  return result.data as NonNullable<Result['data']>;
}

/**
 * The file a call answered with (`parseAs: 'blob'`), and the name its Content-Disposition offers.
 * Only a call read as a Blob fits: one read as JSON or text does not typecheck. The request names
 * no Accept header, so fetch sends its default (any type); the server picks the file's type by the
 * route, never by Accept.
 */
export async function fileOf(call: Promise<{ data?: Blob; response: Response }>): Promise<{ blob: Blob; fileName: string | null }> {
  const { data, response } = await call;
  // openapi-fetch leaves `data` undefined for an empty answer (Content-Length 0): an empty file.
  return { blob: data ?? new Blob([]), fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}
