import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { parseConfig } from '../src/env.ts';

/**
 * Decision 017: on a data folder, a committed write has reached the disk before PGlite answers.
 * node:fs is wrapped so that every fsync/fdatasync of a host file is recorded with the file's
 * path (from /proc/self/fd), in call order.
 */
interface Sync {
  call: 'fsync' | 'fdatasync';
  /** fdatasyncSync, or fdatasync with a callback (off the event loop). */
  way: 'sync' | 'async';
  file: string;
  /** The call has returned (or called back) without error. */
  done: boolean;
}
const recorded = vi.hoisted(() => ({ syncs: [] as Sync[] }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const record = (call: Sync['call'], way: Sync['way'], fd: number): Sync => {
    let file = `fd ${fd}`;
    try {
      file = actual.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      // not Linux: the assertions below on paths will say so
    }
    const entry = { call, way, file, done: false };
    recorded.syncs.push(entry);
    return entry;
  };
  const fsyncSync = (fd: number) => {
    const entry = record('fsync', 'sync', fd);
    actual.fsyncSync(fd);
    entry.done = true;
  };
  const fdatasyncSync = (fd: number) => {
    const entry = record('fdatasync', 'sync', fd);
    actual.fdatasyncSync(fd);
    entry.done = true;
  };
  const fdatasync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    const entry = record('fdatasync', 'async', fd);
    actual.fdatasync(fd, (error) => {
      entry.done = !error;
      callback(error);
    });
  };
  const mocked = { fsyncSync, fdatasyncSync, fdatasync };
  return { ...actual, ...mocked, default: { ...actual, ...mocked } };
});

const template = () => new Blob([readFileSync(inject('pgliteTemplatePath'))]);
// Runs in the PGlite project only (vitest.config.ts leaves it out of the PostgreSQL one).
describe('durable embedded database (decision 017)', () => {
  let parent: string;
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    parent = realpathSync(mkdtempSync(path.join(tmpdir(), 'till-durable-')));
    dir = path.join(parent, 'pglite');
    // The migrated template, loaded into a folder on disk (as fast as the other tests' copies).
    database = await openDatabase({ pgliteDir: dir, pgliteLoadDataDir: template() });
    await database.db.execute(sql`create table durable_probe (id serial primary key, note text not null)`);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  /** fdatasyncs of WAL segments since `from`, as they stand now (a copy: `done` may change later). */
  const walSyncs = (from: number) =>
    recorded.syncs
      .slice(from)
      .filter((sync) => sync.call === 'fdatasync' && sync.file.startsWith(`${dir}/pg_wal/`))
      .map((sync) => ({ ...sync }));

  it('a new data folder was synced once it was written', () => {
    const files = new Set(recorded.syncs.map((sync) => sync.file));
    expect(files).toContain(path.join(dir, 'PG_VERSION'));
    expect(files).toContain(path.join(dir, 'global', 'pg_control'));
    expect(files).toContain(dir);
    expect(files).toContain(parent);
  });

  it("an autocommit INSERT's WAL is fdatasync'ed before its promise resolves", async () => {
    const from = recorded.syncs.length;
    let atResolve: ReturnType<typeof walSyncs> = [];
    await database.db.execute(sql`insert into durable_probe (note) values ('one sale')`).then(() => {
      atResolve = walSyncs(from);
    });
    expect(atResolve.length).toBeGreaterThanOrEqual(1);
    expect(atResolve.every((sync) => sync.done)).toBe(true);
    expect(existsSync(atResolve[0]!.file)).toBe(true);
  });

  it('concurrent commits each resolve only after a finished flush of their WAL, sharing flushes off the event loop', async () => {
    const from = recorded.syncs.length;
    const seen: Array<ReturnType<typeof walSyncs>> = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.execute(sql`insert into durable_probe (note) values (${`sale ${i}`})`).then(() => {
          seen.push(walSyncs(from));
        }),
      ),
    );
    // Flushes for later commits may still be under way when one resolves; one of its own is done.
    for (const atResolve of seen) expect(atResolve.some((sync) => sync.done)).toBe(true);
    const flushes = walSyncs(from);
    expect(flushes.every((sync) => sync.way === 'async')).toBe(true);
    expect(flushes.length).toBeLessThanOrEqual(20);
  });

  it('a checkpoint right after a commit syncs the queued WAL first, on the spot (write-ahead rule)', async () => {
    const from = recorded.syncs.length;
    // One call: the INSERT commits (its WAL sync is queued), then CHECKPOINT writes data files.
    await database.pglite!.exec(`insert into durable_probe (note) values ('before checkpoint'); checkpoint;`);
    const syncs = recorded.syncs.slice(from);
    const firstWal = syncs.findIndex((sync) => sync.call === 'fdatasync' && sync.file.startsWith(`${dir}/pg_wal/`));
    const firstDataFile = syncs.findIndex((sync) => sync.file.startsWith(`${dir}/base/`));
    expect(firstWal).toBeGreaterThanOrEqual(0);
    expect(syncs[firstWal]!.way).toBe('sync');
    expect(firstDataFile).toBeGreaterThan(firstWal);
  });

  it("a transaction's COMMIT is fdatasync'ed before it resolves, once", async () => {
    const from = recorded.syncs.length;
    let atResolve: ReturnType<typeof walSyncs> = [];
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into durable_probe (note) values ('line 1')`);
        await tx.execute(sql`insert into durable_probe (note) values ('line 2')`);
        // Nothing is synced before the COMMIT: the statements inside only fill WAL buffers.
        expect(walSyncs(from)).toHaveLength(0);
      })
      .then(() => {
        atResolve = walSyncs(from);
      });
    expect(atResolve).toHaveLength(1);
    expect(atResolve[0]!.done).toBe(true);
  });

  it('a read-only statement syncs nothing', async () => {
    const from = recorded.syncs.length;
    await database.db.execute(sql`select count(*) from durable_probe`);
    expect(recorded.syncs.slice(from)).toHaveLength(0);
  });

  it('PGLITE_FSYNC is on unless set to off, and off is PGlite as it ships (no host syncs)', async () => {
    const base = { BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: parent };
    expect(parseConfig(base).pgliteFsync).toBe(true);
    expect(parseConfig({ ...base, PGLITE_FSYNC: 'off' }).pgliteFsync).toBe(false);
    expect(() => parseConfig({ ...base, PGLITE_FSYNC: 'maybe' })).toThrow(/PGLITE_FSYNC/);

    const fast = await openDatabase({ pgliteDir: path.join(parent, 'fast'), pgliteFsync: false, pgliteLoadDataDir: template() });
    const from = recorded.syncs.length;
    try {
      await fast.db.execute(sql`create table fast_probe (id int)`);
      await fast.db.execute(sql`insert into fast_probe values (1)`);
      expect(await fast.db.execute(sql`show fsync`)).toMatchObject({ rows: [{ fsync: 'off' }] });
    } finally {
      await fast.close();
    }
    expect(recorded.syncs.slice(from)).toHaveLength(0);
  });

  it('an in-memory database (the other tests) never touches the host disk', async () => {
    const memory = await openDatabase({ pgliteLoadDataDir: template() });
    const from = recorded.syncs.length;
    try {
      await memory.db.execute(sql`create table memory_probe (id int)`);
      await memory.db.execute(sql`insert into memory_probe values (1)`);
      expect(await memory.db.execute(sql`show fsync`)).toMatchObject({ rows: [{ fsync: 'on' }] });
    } finally {
      await memory.close();
    }
    expect(recorded.syncs.slice(from)).toHaveLength(0);
  });
});
