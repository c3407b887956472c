// Bundles the documents library (TypeScript) for the benchmark and the sample script, the way
// scripts/build.mjs bundles the server: dependencies stay external, fonts are copied beside it.
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, '.tmp/bench-documents');

export async function loadDocuments() {
  mkdirSync(out, { recursive: true });
  await esbuild.build({
    stdin: {
      contents: "export * from './index.ts'; export * from './samples.ts';",
      resolveDir: path.join(root, 'apps/server/src/lib/documents'),
      sourcefile: 'entry.ts',
      loader: 'ts',
    },
    outfile: path.join(out, 'documents.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@till/core': path.join(root, 'packages/core/src/index.ts') },
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'apps/server/src/lib/documents/fonts'), path.join(out, 'fonts'), { recursive: true });
  return import(pathToFileURL(path.join(out, 'documents.mjs')).href);
}
