import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FitResults, FitTask } from './fit-models.ts';

/**
 * One training worker thread per app process, started on first use and kept (holding the process
 * open only while a fit is under way). Each fit is a message; typed arrays are transferred, not copied.
 * The bundled server (scripts/build.mjs) ships the worker as dist/ai-train-worker.js beside
 * main.js (and the benches' bundles); from TypeScript sources (tsx, vitest) the worker's .ts entry
 * is bundled once with esbuild (a dev dependency, as the build uses) into a temporary file.
 */
let worker: Promise<Worker> | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

async function workerEntry(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./ai-train-worker.js', here);
  const esbuild = await import('esbuild');
  const dir = path.join(os.tmpdir(), 'till-ai-train-worker');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `worker-${process.pid}.mjs`);
  await esbuild.build({ entryPoints: [fileURLToPath(new URL('./train-worker.ts', here))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return pathToFileURL(outfile);
}

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

async function startWorker(): Promise<Worker> {
  const started = new Worker(await workerEntry());
  started.unref();
  const forget = () => {
    if (worker === ready) worker = null;
  };
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.result);
  });
  started.on('error', (error) => {
    forget();
    failAll(error);
  });
  started.on('exit', (code) => {
    forget();
    failAll(new Error(`the training worker stopped (exit code ${code})`));
  });
  return started;
}

let ready: Promise<Worker> | null = null;
function theWorker(): Promise<Worker> {
  if (worker) return worker;
  ready = startWorker();
  worker = ready;
  // A worker that could not start is tried again next time.
  ready.catch(() => {
    if (worker === ready) worker = null;
  });
  return ready;
}

const transferablesOf = (task: FitTask): ArrayBuffer[] => {
  const input = task.input as unknown as Record<string, unknown>;
  return Object.values(input)
    .filter((value): value is Int32Array | Float64Array => value instanceof Int32Array || value instanceof Float64Array)
    .map((array) => array.buffer as ArrayBuffer);
};

/** Fits one model in the training worker thread. */
export async function fitInWorker<M extends FitTask['model']>(task: Extract<FitTask, { model: M }>): Promise<FitResults[M]> {
  const target = await theWorker();
  const id = nextId++;
  return new Promise<FitResults[M]>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // Held open only while a fit is under way.
    target.ref();
    target.postMessage({ id, task }, transferablesOf(task));
  });
}
