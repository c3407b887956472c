// Builds what `npm start` serves: the server bundle (esbuild) and the web app (Vite).
// Each is rebuilt only when one of its sources is newer than the last build, so a second
// start is quick; `--force` rebuilds both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

function isFresh(stampFile, sources) {
  if (!existsSync(stampFile)) return false;
  const stamp = Number(readFileSync(stampFile, 'utf8'));
  return stamp >= newestMtime(sources);
}

const targets = {
  server: {
    stamp: at('apps/server/dist/.build-stamp'),
    sources: [at('apps/server/src'), at('apps/server/package.json'), at('packages/core/src')],
    async build() {
      const esbuild = await import('esbuild');
      const pkg = JSON.parse(readFileSync(at('apps/server/package.json'), 'utf8'));
      // Workspace packages are TypeScript sources: bundle them; real dependencies stay external.
      const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@till/'));
      await esbuild.build({
        entryPoints: [at('apps/server/src/main.ts')],
        outfile: at('apps/server/dist/main.js'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        external: [...external, ...external.map((name) => `${name}/*`)],
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
        logLevel: 'warning',
      });
      // The AI modules' training worker thread runs beside the bundle (ai-modules/fit-in-worker.ts: new URL('./ai-train-worker.js', import.meta.url)).
      await esbuild.build({
        entryPoints: [at('apps/server/src/modules/ai-modules/train-worker.ts')],
        outfile: at('apps/server/dist/ai-train-worker.js'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
      });
      // The PDF fonts are read beside the bundle (lib/documents/pdf.ts: new URL('./fonts/', import.meta.url)).
      cpSync(at('apps/server/src/lib/documents/fonts'), at('apps/server/dist/fonts'), { recursive: true });
    },
  },
  web: {
    stamp: at('apps/web/dist/.build-stamp'),
    sources: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/vite.config.ts'), at('apps/web/package.json'), at('packages/core/src')],
    async build() {
      const result = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build', '--config', at('apps/web/vite.config.ts'), '--logLevel', 'warn'], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('web build failed');
    },
  },
};

export async function buildAll({ force = false, quiet = false, only = null } = {}) {
  for (const [name, target] of Object.entries(targets)) {
    if (only && !only.includes(name)) continue;
    if (!force && isFresh(target.stamp, target.sources)) continue;
    const started = Date.now();
    if (!quiet) console.log(`Building ${name}...`);
    const sourcesAt = newestMtime(target.sources);
    await target.build();
    writeFileSync(target.stamp, String(sourcesAt));
    if (!quiet) console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2).filter((arg) => arg in targets);
  await buildAll({ force: process.argv.includes('--force'), only: only.length ? only : null });
}
