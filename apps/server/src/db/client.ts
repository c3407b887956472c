import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its queries on: the database, or the request's tenant transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` in one transaction fenced to one business: app.business_id is set for this
   * transaction only and the role is switched to till_app (no BYPASSRLS), so row-level
   * security applies even to a query that forgets its business filter.
   */
  withTenant<T>(businessId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, for cloning test templates. */
  pglite?: PGlite;
}

const MIGRATIONS_DIR = [
  fileURLToPath(new URL('./migrations', import.meta.url)),
  // the bundled server lives in apps/server/dist
  fileURLToPath(new URL('../src/db/migrations', import.meta.url)),
].find((dir) => existsSync(dir))!;

// Any fixed number shared by every process of the deployment.
const MIGRATION_LOCK_KEY = 7_317_001;

export async function fencedTransaction<T>(db: Db, businessId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: both settings are local to this transaction (set_config(..., true)); the
    // role setting is what SET LOCAL ROLE does.
    await tx.execute(sql`select set_config('app.business_id', ${businessId}, true), set_config('role', 'till_app', true)`);
    return work(tx as Tx);
  });
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Connections to PostgreSQL this process keeps at most. */
  poolSize?: number | undefined;
  /** Folder of the embedded database. */
  pgliteDir?: string | undefined;
  /** A dump of a migrated database to start from (tests). */
  pgliteLoadDataDir?: Blob | File | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const pglite = await PGlite.create({
    // Catalogue search uses trigram indexes (products_search_name_trgm).
    extensions: { pg_trgm },
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    withTenant: (businessId, work) => fencedTransaction(db, businessId, work),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withTenant: (businessId, work) => fencedTransaction(db, businessId, work),
    migrate: async () => {
      // Several app processes may start at once against one server: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
