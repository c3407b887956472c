import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sqlState } from '../../lib/pg-errors.ts';

/** The role the assistant's SELECT runs as (migration `chatbot_rls`): it may read the reporting views only. */
export const AI_READER_ROLE = 'till_ai_reader';

export interface ReaderLimits {
  /** Rows fetched at most; one more is asked for to know whether there were more. */
  rowCap: number;
  /** PostgreSQL stops the statement after this long (PGlite has no timer: see maxPlanCost). */
  statementTimeoutMs: number;
  /**
   * The planner's estimate above which the query is refused before it runs. PGlite runs on the
   * Node event loop and ignores statement_timeout, so a join that would run for minutes must be
   * refused from its plan, not stopped halfway.
   */
  maxPlanCost: number;
}

export const DEFAULT_READER_LIMITS: ReaderLimits = { rowCap: 1000, statementTimeoutMs: 5000, maxPlanCost: 1_000_000 };

export type ReaderOutcome =
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[]; truncated: boolean }
  | { kind: 'too_costly'; cost: number }
  | { kind: 'wrote' }
  | { kind: 'failed'; sqlState: string | null; message: string };

type RawResult = { rows: Record<string, unknown>[]; fields?: { name: string; dataTypeID?: number }[] };

const INT8 = 20;

/** node-postgres gives bigint (count(*), sums of money) as text, PGlite as a number: one shape for both. */
function normaliseBigints(result: RawResult): Record<string, unknown>[] {
  const bigints = (result.fields ?? []).filter((field) => field.dataTypeID === INT8).map((field) => field.name);
  if (bigints.length === 0) return result.rows;
  return result.rows.map((row) => {
    const copy = { ...row };
    for (const name of bigints) {
      const value = copy[name];
      if (typeof value === 'string' && /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) copy[name] = Number(value);
      else if (typeof value === 'bigint' && Number.isSafeInteger(Number(value))) copy[name] = Number(value);
    }
    return copy;
  });
}

class WroteSomething extends Error {}
class TooCostly extends Error {
  constructor(readonly cost: number) {
    super('too costly');
  }
}

/** The PostgreSQL message of a (possibly wrapped) database error. */
function databaseMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && current instanceof Error) return current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function planCost(result: RawResult): number {
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(plan?.[0]?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY);
}

/**
 * Runs one statement that check-read-only-sql accepted, fenced four ways: a READ ONLY
 * transaction; app.business_id fixed with set_config(…, true) while still the connecting user,
 * then the role switched to till_ai_reader (no BYPASSRLS, SELECT on the views only), so the
 * statement cannot change whose rows it sees without a function the checker refuses;
 * statement_timeout; and a row cap, by wrapping the statement as a subquery with a bound LIMIT,
 * which also makes it travel alone through the extended protocol. A plan above maxPlanCost is
 * refused before it runs, and a transaction that was given a transaction id (it wrote) rolls back.
 */
export const aiReaderRepository = {
  async run(db: Db, businessId: string, statement: string, limits: ReaderLimits): Promise<ReaderOutcome> {
    // A trailing line comment in the statement must not swallow the wrapper.
    const wrapped = `select * from (\n${statement}\n) as ai_query limit `;
    try {
      return await db.transaction(async (tx: Tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql`select
          set_config('app.business_id', ${businessId}, true),
          set_config('statement_timeout', ${String(limits.statementTimeoutMs)}, true),
          set_config('search_path', 'pg_catalog, public, pg_temp', true),
          set_config('standard_conforming_strings', 'on', true),
          set_config('role', ${AI_READER_ROLE}, true)`);
        const plan = (await tx.execute(sql`explain (format json) ${sql.raw(wrapped)}${limits.rowCap + 1}`)) as unknown as RawResult;
        const cost = planCost(plan);
        if (!(cost <= limits.maxPlanCost)) throw new TooCostly(cost);
        const result = (await tx.execute(sql`${sql.raw(wrapped)}${limits.rowCap + 1}`)) as unknown as RawResult;
        const written = (await tx.execute(sql`select pg_current_xact_id_if_assigned() as xid`)) as unknown as RawResult;
        if (written.rows[0]?.xid != null) throw new WroteSomething();
        const columns = result.fields?.map((field) => field.name) ?? Object.keys(result.rows[0] ?? {});
        const rows = normaliseBigints(result);
        const truncated = rows.length > limits.rowCap;
        return { kind: 'rows' as const, columns, rows: truncated ? rows.slice(0, limits.rowCap) : rows, truncated };
      });
    } catch (error) {
      if (error instanceof TooCostly) return { kind: 'too_costly', cost: error.cost };
      if (error instanceof WroteSomething) return { kind: 'wrote' };
      const state = sqlState(error);
      if (!state) throw error;
      return { kind: 'failed', sqlState: state, message: databaseMessage(error) };
    }
  },

  /** The columns of the reporting views as the database has them (for the catalogue test and analyze_schema). */
  async viewColumns(db: Db, views: readonly string[]): Promise<{ view: string; column: string; type: string }[]> {
    const result = (await db.execute(sql`
      select c.table_name as view, c.column_name as column, c.data_type as type
      from information_schema.columns c
      where c.table_schema = 'public' and c.table_name = any(string_to_array(${views.join(',')}, ','))
      order by c.table_name, c.ordinal_position`)) as unknown as RawResult;
    return result.rows as { view: string; column: string; type: string }[];
  },
};
