import { getTableColumns, is, SQL, type Table } from 'drizzle-orm';

/**
 * One row as JSON keyed by column name, for `jsonb_populate_record(NULL::table, …)` in the
 * sale-writing function. A missing value takes the column's plain default; a column whose
 * default is SQL (a generated id, now()) must be given, so the row in the database is exactly
 * the row the caller holds.
 */
export function toRowJson<T extends Table>(table: T, values: T['$inferInsert']): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const given = values as Record<string, unknown>;
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    let value = given[key];
    if (value === undefined) {
      if (column.default !== undefined && !is(column.default, SQL)) value = column.default;
      else if (column.notNull) throw new Error(`${column.name} needs a value`);
      else value = null;
    }
    row[column.name] = value;
  }
  return row;
}
