import type { QueryResult } from '@till/core';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { describeReadableViews } from './analyze-schema.ts';
import { queryDatabase, type DatabaseAccess } from './query-database.ts';
import { defineTool, type ChatTool } from './run-chat.ts';

/** The database assistant's tools; query_database is offered only while can_edit_database is on. */
export function codeAssistantTools(database: Database, businessId: string, access: DatabaseAccess, onQuery: (result: QueryResult) => void): ChatTool[] {
  const analyze = defineTool({
    name: 'analyze_schema',
    description: 'Describe the reporting views the assistant may read: names, columns, types and meaning.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    args: z.strictObject({}),
    run: async () => ({ views: describeReadableViews(access) }),
  });
  if (!access.canEditDatabase) return [analyze];
  const query = defineTool({
    name: 'query_database',
    description: 'Run one read-only SELECT over the reporting views (PostgreSQL). Returns success, row_count, up to 3 sample rows, error and message.',
    parameters: {
      type: 'object',
      properties: { sql: { type: 'string', description: 'one SELECT statement over the reporting views' } },
      required: ['sql'],
      additionalProperties: false,
    },
    args: z.strictObject({ sql: z.string() }),
    run: async ({ sql }) => {
      const { relations: _relations, ...result } = await queryDatabase(database, { businessId, sql, access });
      onQuery(result);
      return result;
    },
  });
  return [analyze, query];
}
