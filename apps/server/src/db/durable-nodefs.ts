import { closeSync, fdatasyncSync, fsyncSync, openSync, readdirSync, constants as fsConstants } from 'node:fs';
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
  stream_ops?: unknown;
}
interface EmscriptenRuntime {
  FS: { streams: Array<EmscriptenStream | null | undefined>; ErrnoError: new (errno: number) => Error };
  NODEFS: {
    stream_ops: Record<string, unknown> & { fsync?: (stream: EmscriptenStream) => number };
    convertNodeCode: (error: unknown) => number | undefined;
  };
}

/** Emscripten's (musl's) EIO, for a host error without a known code. */
const EIO = 29;

type InitOptions = Parameters<NodeFS['init']>[1];
/** Emscripten's `Module.instantiateWasm(imports, successCallback)` hook. */
type InstantiateWasm = (imports: Record<string, Record<string, unknown>>, success: (instance: unknown, module?: unknown) => void) => unknown;

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    let runtime: EmscriptenRuntime | undefined;

    const errnoOf = (error: unknown) => runtime?.NODEFS.convertNodeCode(error) ?? EIO;
    /** The host descriptor behind a NODEFS stream, or undefined for any other stream (memory, devices). */
    const hostFd = (stream: EmscriptenStream | null | undefined) =>
      runtime && stream && stream.stream_ops === runtime.NODEFS.stream_ops && typeof stream.nfd === 'number' ? stream.nfd : undefined;

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
            const nfd = hostFd(runtime?.FS.streams[fd]);
            if (nfd === undefined) return 0;
            try {
              fdatasyncSync(nfd);
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
            // `fsync(fd)` reaches the stream's `fsync` operation, which NODEFS does not have.
            runtime.NODEFS.stream_ops.fsync = (stream: EmscriptenStream) => {
              const nfd = hostFd(stream);
              if (nfd === undefined) return 0;
              try {
                fsyncSync(nfd);
                return 0;
              } catch (error) {
                throw new runtime!.FS.ErrnoError(errnoOf(error));
              }
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
