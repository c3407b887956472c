// `npm start`: build what is stale, then run the server in this same process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first (README: `npm install && npm start`).');
  process.exit(1);
}
await buildAll();
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
