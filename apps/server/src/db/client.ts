import { existsSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
import { DURABLE_START_PARAMS, DurableNodeFS, syncNewDataDir } from './durable-nodefs.ts';

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
  /**
   * Receives every NOTIFY on `channel`: PGlite's own listener in process; on PostgreSQL one
   * dedicated connection per call, outside the pool, re-opened after a loss (decision 013).
   * `onConnection(false)` says notifications may have been missed until `onConnection(true)`.
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnection?: (connected: boolean) => void): Promise<Listener>;
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

export interface Listener {
  close(): Promise<void>;
}

const afterCommitQueues = new WeakMap<object, Array<(db: Db) => void>>();

/**
 * Runs `callback` (given the database the transaction ran on) once the `withTenant` transaction
 * `tx` has committed, and never if it rolls back (realtime/publish.ts publishes this way).
 */
export function afterCommit(tx: Tx, callback: (db: Db) => void): void {
  const queue = afterCommitQueues.get(tx);
  if (!queue) throw new Error('afterCommit needs the transaction of database.withTenant');
  queue.push(callback);
}

export async function fencedTransaction<T>(db: Db, businessId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: Array<(db: Db) => void> = [];
  const result = await db.transaction(async (tx) => {
    afterCommitQueues.set(tx, committed);
    // One round trip: both settings are local to this transaction (set_config(..., true)); the
    // role setting is what SET LOCAL ROLE does.
    await tx.execute(sql`select set_config('app.business_id', ${businessId}, true), set_config('role', 'till_app', true)`);
    return work(tx as Tx);
  });
  for (const callback of committed) callback(db);
  return result;
}

/** The longest run of PGlite transactions without a turn of the event loop (decision 072). */
const PGLITE_TURN_EVERY_MS = 10;
let pgliteTurnedAt = 0;
/** PGlite transactions begun (or waiting to) and not yet ended, of every database in this process. */
let pgliteInFlight = 0;

/**
 * Whether a PGlite transaction is under way or waiting for the session: long work that takes turns
 * (lib/event-loop.ts) pauses between its transactions only when someone else wants the database.
 */
export const pgliteInUse = (): boolean => pgliteInFlight > 0;

/**
 * PGlite runs on this thread and answers with promises alone: callers that chain transactions
 * with nothing but promises between them (a till in the same process, a test's loop, PGlite
 * without fsync) never let the event loop turn, so timers and messages from worker threads wait —
 * the AI training's pauses and its worker's fits waited 10 s, until the session cache expired and
 * a session check went off the thread (decision 072). Before a transaction, if the loop has not
 * had a turn from here for PGLITE_TURN_EVERY_MS, it gets one (setImmediate: timers, I/O and worker
 * messages run first); over HTTP, or with fsync, the loop turns anyway and this costs one
 * setImmediate a 10 ms.
 */
function pgliteTurn(): Promise<void> | undefined {
  const now = performance.now();
  if (now - pgliteTurnedAt < PGLITE_TURN_EVERY_MS) return undefined;
  pgliteTurnedAt = now;
  return nextTurn().then(() => {
    pgliteTurnedAt = performance.now();
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
  /**
   * Each commit's WAL reaches the disk of `pgliteDir` before PGlite answers (default; decision
   * 017). `false` is PGlite as it ships: fsync off, writes stop at the OS cache.
   */
  pgliteFsync?: boolean | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const dataDir = options.pgliteDir ? path.resolve(options.pgliteDir) : undefined;
  const durable = options.pgliteFsync ?? true;
  const isNew = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
  const durableFs = durable && dataDir ? new DurableNodeFS(dataDir) : undefined;
  const pglite = await PGlite.create({
    // Catalogue search uses trigram indexes (products_search_name_trgm); appointments_no_overlap
    // is an exclusion constraint that needs btree_gist (decision 032).
    extensions: { pg_trgm, btree_gist },
    ...(dataDir ? { dataDir } : {}),
    // A folder on disk: every commit's WAL reaches the disk before the answer (decision 017).
    // In memory (tests) there is no disk, and the same settings cost next to nothing.
    ...(durable ? { startParams: DURABLE_START_PARAMS } : {}),
    ...(durableFs ? { fs: durableFs } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  if (durableFs) {
    // Group commit: no result is handed back before the WAL of its commit is on the disk, and
    // the flush runs off the event loop, one for every commit made while the last one was under way.
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const run = (pglite[method] as (...args: unknown[]) => Promise<unknown>).bind(pglite);
      Object.defineProperty(pglite, method, {
        value: async (...args: unknown[]) => {
          let result: unknown;
          try {
            result = await run(...args);
          } catch (error) {
            // A failed call may still have committed part of its work (`COMMIT; <bad statement>`).
            await durableFs.durable().catch(() => undefined);
            throw error;
          }
          await durableFs.durable();
          return result;
        },
      });
    }
  }
  // A new database is copied into the folder with plain writes: make that copy durable once.
  if (durableFs && dataDir && isNew) syncNewDataDir(dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    withTenant: async (businessId, work) => {
      pgliteInFlight += 1;
      try {
        await pgliteTurn();
        return await fencedTransaction(db, businessId, work);
      } finally {
        pgliteInFlight -= 1;
      }
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    listen: async (channel, onMessage, onConnection) => {
      const unlisten = await pglite.listen(channel, onMessage);
      onConnection?.(true);
      return {
        close: async () => {
          if (!pglite.closed) await unlisten();
        },
      };
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
    listen: (channel, onMessage, onConnection) => listenPostgres(connectionString, channel, onMessage, onConnection),
    close: async () => {
      await pool.end();
    },
  };
}

/** The SPEC §9 reconnect delays, reused for the LISTEN connection: 1, 2, 5, then every 10 s. */
const LISTEN_RETRY_MS = [1_000, 2_000, 5_000, 10_000];

async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onConnection?: (connected: boolean) => void,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'till-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (closed) return;
      onConnection?.(false);
      schedule();
    };
    next.on('error', (error) => {
      console.error('PostgreSQL LISTEN connection error:', error.message);
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    onConnection?.(true);
  };

  const schedule = () => {
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        if (closed) return;
        console.error('PostgreSQL LISTEN reconnect failed:', (error as Error).message);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
