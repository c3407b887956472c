import { closeSync, fdatasync, fdatasyncSync, fsyncSync, openSync, readdirSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's Node file system never reaches the disk on its own (docs/decisions/017): it starts
 * PostgreSQL with `-F` (fsync off), Emscripten's NODEFS has no `fsync` stream operation, and its
 * `fdatasync` system call only checks the descriptor. So a COMMIT the till was told had succeeded
 * sat in the OS page cache and an OS crash or power cut could lose it.
 *
 * `DurableNodeFS` is NODEFS with both calls made real: PostgreSQL's `fsync()` of a file under
 * the data folder becomes `fsync(2)` of the host descriptor, its `fdatasync()` becomes
 * `fdatasync(2)`. Started with {@link DURABLE_START_PARAMS} (fsync on, `wal_sync_method`
 * fdatasync, `synchronous_commit` on), PostgreSQL then flushes the WAL at every commit before
 * answering, and fsyncs data files at checkpoints before it recycles the WAL that covers them,
 * exactly as a PostgreSQL server does.
 */

/** PGlite's defaults without `-F`, with the commit settings spelled out. */
export const DURABLE_START_PARAMS: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fdatasync',
  '-c',
  'synchronous_commit=on',
];

/** The parts of Emscripten's runtime this file touches. */
interface EmscriptenStream {
  nfd?: number;
  node?: unknown;
  stream_ops?: unknown;
  /** Ours: whether the stream is a WAL segment (cached). */
  tillIsWal?: boolean;
}
interface EmscriptenRuntime {
  FS: { streams: Array<EmscriptenStream | null | undefined>; ErrnoError: new (errno: number) => Error };
  NODEFS: {
    stream_ops: {
      fsync?: (stream: EmscriptenStream) => number;
      write: (stream: EmscriptenStream, ...rest: unknown[]) => unknown;
      setattr: (stream: EmscriptenStream, ...rest: unknown[]) => unknown;
      close: (stream: EmscriptenStream, ...rest: unknown[]) => unknown;
    };
    node_ops: Record<'setattr' | 'mknod' | 'rename' | 'unlink' | 'rmdir' | 'symlink', (...args: unknown[]) => unknown>;
    convertNodeCode: (error: unknown) => number | undefined;
    realPath: (node: unknown) => string;
  };
}

/** Emscripten's (musl's) EIO, for a host error without a known code. */
const EIO = 29;

type InitOptions = Parameters<NodeFS['init']>[1];
/** Emscripten's `Module.instantiateWasm(imports, successCallback)` hook. */
type InstantiateWasm = (imports: Record<string, Record<string, unknown>>, success: (instance: unknown, module?: unknown) => void) => unknown;

export class DurableNodeFS extends NodeFS {
  /** Every WAL sync PostgreSQL asked for gets the next number; `durableSeq` is the last one on disk. */
  #requestedSeq = 0;
  #durableSeq = 0;
  /** Host descriptors of WAL segments PostgreSQL asked to sync, not yet synced. */
  readonly #pending = new Set<number>();
  /** The asynchronous flush under way, and the descriptors it syncs. */
  #flight: Promise<void> | null = null;
  #flightFds: number[] = [];
  #failure: Error | null = null;

  /**
   * Resolves once every WAL sync PostgreSQL has asked for so far is on the disk (group commit):
   * one asynchronous fdatasync, off the event loop, covers every commit made before it started.
   * `openDatabase` awaits it after each query, exec and transaction, before handing back the result.
   */
  async durable(): Promise<void> {
    const target = this.#requestedSeq;
    while (this.#durableSeq < target) {
      if (this.#failure) throw this.#failure;
      if (!this.#flight) this.#startFlight();
      await this.#flight;
    }
    if (this.#failure) throw this.#failure;
  }

  #startFlight() {
    const covers = this.#requestedSeq;
    const fds = [...this.#pending];
    this.#pending.clear();
    this.#flightFds = fds;
    const syncOne = (fd: number) =>
      new Promise<void>((resolve, reject) =>
        fdatasync(fd, (error) => {
          // A descriptor PostgreSQL closed meanwhile was synced before its close (#syncNow).
          if (error && this.#flightFds.includes(fd)) reject(error);
          else resolve();
        }),
      );
    this.#flight = Promise.all(fds.map(syncOne))
      .then(
        () => {
          this.#durableSeq = Math.max(this.#durableSeq, covers);
        },
        (error: Error) => {
          // As PostgreSQL's PANIC on a failed sync: nothing more is acknowledged.
          this.#failure = new Error(`could not fdatasync the WAL: ${error.message}`);
        },
      )
      .finally(() => {
        this.#flight = null;
        this.#flightFds = [];
      });
  }

  /** Syncs every pending and in-flight WAL descriptor now, on this thread. */
  #syncNow() {
    try {
      for (const fd of [...this.#pending, ...this.#flightFds]) fdatasyncSync(fd);
    } catch (error) {
      // A second try may report success without the data (Linux clears the error): never retry.
      this.#failure = new Error(`could not fdatasync the WAL: ${(error as Error).message}`);
      throw error;
    }
    this.#pending.clear();
    this.#flightFds = [];
    this.#durableSeq = this.#requestedSeq;
  }

  #walWaiting() {
    return this.#pending.size > 0 || this.#flightFds.length > 0;
  }

  override async init(pg: PGlite, options: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    let runtime: EmscriptenRuntime | undefined;
    const walDir = `${this.rootDir}${path.sep}pg_wal${path.sep}`;

    const errnoOf = (error: unknown) => runtime?.NODEFS.convertNodeCode(error) ?? EIO;
    /** The host descriptor behind a NODEFS stream, or undefined for any other stream (memory, devices). */
    const hostFd = (stream: EmscriptenStream | null | undefined) =>
      runtime && stream && stream.stream_ops === runtime.NODEFS.stream_ops && typeof stream.nfd === 'number' ? stream.nfd : undefined;
    const isWal = (stream: EmscriptenStream) => (stream.tillIsWal ??= runtime!.NODEFS.realPath(stream.node).startsWith(walDir));

    /**
     * PostgreSQL asks to sync `stream`. A WAL segment's sync is queued for `durable()`, which runs
     * before the caller gets its answer; any other file (checkpoints: data files, pg_control,
     * folders) is synced now, after the WAL queued before it (the write-ahead rule).
     */
    const sync = (stream: EmscriptenStream, nfd: number, call: (fd: number) => void) => {
      if (isWal(stream)) {
        this.#pending.add(nfd);
        this.#requestedSeq += 1;
        return;
      }
      if (this.#walWaiting()) this.#syncNow();
      call(nfd);
    };

    const instantiateWasm = emscriptenOpts.instantiateWasm as InstantiateWasm | undefined;
    if (!instantiateWasm) throw new Error('PGlite no longer instantiates its WASM through instantiateWasm: DurableNodeFS needs updating');
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // `fdatasync(fd)` in PostgreSQL's C is a WASM import that Emscripten implements as "check
        // the descriptor, return 0". Replace it before the module is instantiated.
        instantiateWasm: (imports: Parameters<InstantiateWasm>[0], success: Parameters<InstantiateWasm>[1]) => {
          const env = imports.env!;
          const checkDescriptor = env.__syscall_fdatasync as ((fd: number) => number) | undefined;
          if (typeof checkDescriptor !== 'function') {
            throw new Error('PGlite WASM has no __syscall_fdatasync import: DurableNodeFS needs updating');
          }
          env.__syscall_fdatasync = (fd: number): number => {
            const checked = checkDescriptor(fd);
            if (checked !== 0) return checked;
            const stream = runtime?.FS.streams[fd];
            const nfd = hostFd(stream);
            if (nfd === undefined) return 0;
            try {
              sync(stream!, nfd, fdatasyncSync);
              return 0;
            } catch (error) {
              return -errnoOf(error);
            }
          };
          return instantiateWasm(imports, success);
        },
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: unknown) => {
            runtime = mod as EmscriptenRuntime;
            const ops = runtime.NODEFS.stream_ops;
            // `fsync(fd)` reaches the stream's `fsync` operation, which NODEFS does not have.
            ops.fsync = (stream: EmscriptenStream) => {
              const nfd = hostFd(stream);
              if (nfd === undefined) return 0;
              try {
                sync(stream, nfd, fsyncSync);
                return 0;
              } catch (error) {
                throw new runtime!.FS.ErrnoError(errnoOf(error));
              }
            };
            const syncQueuedWal = () => {
              try {
                this.#syncNow();
              } catch (error) {
                throw new runtime!.FS.ErrnoError(errnoOf(error));
              }
            };
            // The write-ahead rule: no change to another file (a write, a truncation) may reach
            // the disk before the WAL that describes it, so queued WAL syncs are done first.
            for (const name of ['write', 'setattr'] as const) {
              const operation = ops[name];
              ops[name] = (stream: EmscriptenStream, ...rest: unknown[]) => {
                if (this.#walWaiting() && !isWal(stream)) syncQueuedWal();
                return operation(stream, ...rest);
              };
            }
            // The same before any change to the folder tree (create, rename, unlink, truncate by
            // path), whichever file it is about: they are rare between a commit and its flush.
            const nodeOps = runtime.NODEFS.node_ops;
            for (const name of ['setattr', 'mknod', 'rename', 'unlink', 'rmdir', 'symlink'] as const) {
              const operation = nodeOps[name];
              nodeOps[name] = (...args: unknown[]) => {
                if (this.#walWaiting()) syncQueuedWal();
                return operation(...args);
              };
            }
            // A WAL descriptor closed with a sync queued or under way is synced first.
            const close = ops.close;
            ops.close = (stream: EmscriptenStream, ...rest: unknown[]) => {
              const nfd = hostFd(stream);
              if (nfd !== undefined && (this.#pending.has(nfd) || this.#flightFds.includes(nfd))) syncQueuedWal();
              return close(stream, ...rest);
            };
          },
        ],
      } as InitOptions,
    };
  }
}

/**
 * A new database is written by copying initdb's output into the folder with plain writes:
 * fsync every file and folder in it, children before parents, and the folder's own entry in its
 * parent, once, at creation. Answers how many were synced.
 */
export function syncNewDataDir(dir: string): number {
  return syncTree(dir) + syncPath(path.dirname(dir));
}

function syncTree(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) count += syncTree(child);
    else if (entry.isFile()) count += syncPath(child);
  }
  return count + syncPath(dir);
}

function syncPath(target: string): number {
  const fd = openSync(target, fsConstants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return 1;
}
