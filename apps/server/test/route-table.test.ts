import { describe, expect, it } from 'vitest';
import { DOCUMENT_ROUTES, createApp } from '../src/app.ts';
import type { Services } from '../src/lib/context.ts';
import { parseConfig } from '../src/env.ts';

// The route table needs no database: building the app registers every route.
const app = createApp({
  config: parseConfig({ BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp/unused' }),
  version: 'test',
} as unknown as Services);

const catchAlls = new Set(['/api/*', '*', '/assets/*']);

describe('route table', () => {
  const declared = new Map<string, unknown>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route as { method: string; path: string; 'x-access'?: unknown };
    // A path parameter that takes the rest of the path is declared {name{.+}} (Hono's :name{.+}).
    declared.set(`${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\{[^}]*\}\}/g, '{$1}')}`, route['x-access']);
  }
  for (const [key, access] of Object.entries(DOCUMENT_ROUTES)) declared.set(key, access);

  it('has routes', () => {
    expect(declared.size).toBeGreaterThan(5);
  });

  it.each([...declared.entries()])('%s declares public or a required session', (_key, access) => {
    expect(access).toEqual(expect.objectContaining({ kind: expect.stringMatching(/^(public|account|business|super-admin|till)$/) }));
  });

  it('serves no /api route that is missing from the declared table', () => {
    const undeclared = app.routes
      .filter((route) => route.path.startsWith('/api') && !catchAlls.has(route.path) && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}')}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });
});
