import { listObjectsInput, type ListObjectsResponse } from '@till/core';
import type { z } from 'zod';
import type { TenantContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { authorizeBucket } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

const encodeCursor = (name: string) => Buffer.from(JSON.stringify({ n: name })).toString('base64url');

function decodeCursor(cursor: string): string {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { n?: unknown };
    if (typeof value.n === 'string' && !value.n.includes('\u0000')) return value.n;
  } catch {
    // falls through to the error
  }
  throw badRequest('invalid_cursor', 'The cursor is not one this API gave out');
}

/** SPEC §7: 100 by name ascending unless told otherwise; prefix, search, offset or cursor paging. */
export async function listObjects(storage: StorageService, tenant: TenantContext, bucket: string, input: z.output<typeof listObjectsInput>): Promise<ListObjectsResponse> {
  authorizeBucket(tenant, bucket, 'read');
  if (input.cursor !== undefined && input.sort_by.column !== 'name') throw badRequest('invalid_cursor', 'A cursor pages by name only; use offset for other orders');
  const { objects } = await storage.list(tenant.businessId, bucket, {
    prefix: input.prefix,
    search: input.search,
    limit: input.limit,
    offset: input.offset,
    after: input.cursor !== undefined ? decodeCursor(input.cursor) : undefined,
    column: input.sort_by.column,
    order: input.sort_by.order,
  });
  const last = objects.at(-1);
  return {
    objects: objects.map((row) => toObjectView(row, bucket)),
    next_cursor: input.sort_by.column === 'name' && last && objects.length === input.limit ? encodeCursor(last.name) : null,
  };
}
