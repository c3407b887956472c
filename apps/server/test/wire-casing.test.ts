import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Services } from '../src/lib/context.ts';
import { parseConfig } from '../src/env.ts';

/**
 * Decision 070: every field name on the wire is snake_case. This reads the OpenAPI document the
 * routes declare (request bodies, query parameters and 2xx answers, at every depth) and refuses a
 * camelCase name unless SPEC spells it so. Every route prefix is converted (the list of routes not
 * yet converted that this test used to allow emptied at stop 34, and is gone).
 */

/** SPEC §7's server-function fields and §3's chat message keep SPEC's spelling. */
const SPEC_NAMES = new Set(['sessionToken', 'filePath', 'currentContent', 'isUser']);

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Every field name a route prefix sends or receives: request body, query, 2xx answers. */
export function wireFieldNames(document: OpenApiDocument): Map<string, Set<string>> {
  const named = document.components?.schemas ?? {};
  const collect = (schema: Schema | undefined, out: Set<string>, seen: Set<string>) => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      if (seen.has(name)) return;
      seen.add(name);
      collect(named[name], out, seen);
      return;
    }
    for (const [key, value] of Object.entries(schema.properties ?? {})) {
      out.add(key);
      collect(value, out, seen);
    }
    collect(schema.items, out, seen);
    // A map's keys are data (feature names, metadata); its values may still carry fields.
    if (typeof schema.additionalProperties === 'object') collect(schema.additionalProperties, out, seen);
    for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) for (const part of list ?? []) collect(part, out, seen);
  };
  const byPrefix = new Map<string, Set<string>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    const prefix = path.split('/').slice(0, 3).join('/');
    const names = byPrefix.get(prefix) ?? new Set<string>();
    byPrefix.set(prefix, names);
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null) continue;
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'query') names.add(parameter.name);
      collect(operation.requestBody?.content?.['application/json']?.schema, names, new Set());
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2')) collect(response.content?.['application/json']?.schema, names, new Set());
      }
    }
  }
  return byPrefix;
}

const isCamelCase = (name: string) => /[A-Z]/.test(name);

/** What breaks decision 070: the camelCase names on the wire that SPEC does not spell so. */
export function casingViolations(document: OpenApiDocument) {
  const camelCase: string[] = [];
  for (const [prefix, fields] of wireFieldNames(document)) {
    for (const field of fields) if (isCamelCase(field) && !SPEC_NAMES.has(field)) camelCase.push(`${prefix} ${field}`);
  }
  return camelCase.sort();
}

describe('one casing on the wire (decision 070)', () => {
  it('the API names every field in snake_case, but SPEC’s own names', async () => {
    // The document needs no database: building the app registers every route.
    const app = createApp({ config: parseConfig({ BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp/unused' }), version: 'test' } as unknown as Services);
    const document = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;
    expect(wireFieldNames(document).get('/api/orders')?.size).toBeGreaterThan(10);
    expect(casingViolations(document)).toEqual([]);
  });

  const documentWith = (fields: string[]): OpenApiDocument => ({
    paths: {
      '/api/things': {
        post: {
          parameters: [{ name: 'store_id', in: 'query' }],
          requestBody: { content: { 'application/json': { schema: { properties: Object.fromEntries(fields.map((field) => [field, {}])) } } } },
          responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: { schemas: { Thing: { properties: { thing: { properties: { created_at: {}, lines: { items: { properties: { unitPrice: {} } } } } } } } } },
  });

  it.each<{ case: string; fields: string[]; camelCase: string[] }>([
    { case: 'a camelCase body field', fields: ['fullName'], camelCase: ['/api/things fullName', '/api/things unitPrice'] },
    { case: 'a camelCase field deep in an answer', fields: ['full_name'], camelCase: ['/api/things unitPrice'] },
    { case: 'SPEC’s own names', fields: ['sessionToken', 'filePath'], camelCase: ['/api/things unitPrice'] },
  ])('the rule fires on $case', ({ fields, camelCase }) => {
    expect(casingViolations(documentWith(fields))).toEqual(camelCase);
  });
});
