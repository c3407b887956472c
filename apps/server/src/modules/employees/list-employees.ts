import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { employeesRepository } from './employees.repository.ts';
import { toEmployeeView, type EmployeeView } from './employee-view.ts';

const encodeCursor = (row: { fullName: string; id: string }) => Buffer.from(JSON.stringify([row.fullName, row.id])).toString('base64url');

function decodeCursor(cursor: string): { fullName: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(parsed[1])
    ) {
      return { fullName: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('invalid_cursor', 'The cursor is not one this list returned');
}

/** Every employee of the business (active or not), by name, a page at a time. */
export async function listEmployees(
  database: Database,
  input: { businessId: string; limit: number; cursor: string | undefined; now: Date },
): Promise<{ employees: EmployeeView[]; next_cursor: string | null }> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await database.withTenant(input.businessId, (tx) =>
    employeesRepository.list(tx, input.businessId, { limit: input.limit + 1, after }),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    employees: page.map((row) => toEmployeeView(row, input.now)),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}
