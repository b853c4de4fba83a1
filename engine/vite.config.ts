/**
 * The engine's package build (`npm run build:engine`): ES modules in engine/dist/ that run without
 * Vite, from any bundler or a plain `<script type="module">` page, in a page or a module worker.
 *
 * - One module per public entry point (package.json `exports`) plus `render.worker.js`, with the
 *   code they share split into chunks/. Runtime dependencies (pixi.js, twgl.js, comlink, ag-psd…)
 *   are bundled in: module workers cannot use a page's import map, so a bare `import 'pixi.js'`
 *   could not resolve in the worker of a page without a bundler.
 * - Shaders are inlined as strings (`?raw`); the font manifest as an object; the font files are
 *   emitted under assets/ and found at run time relative to the module that names them.
 * - The worker client keeps the literal `new Worker(new URL('./render.worker.js', import.meta.url),
 *   { type: 'module' })` that bundlers recognise (Vite's own worker bundling is kept out of it).
 * - dist/package.json describes the built package (its `exports` point at the .js files and the
 *   declarations tsc writes to dist/types/), with this README and CHANGELOG beside it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = import.meta.dirname;

interface EnginePackage {
  name: string;
  version: string;
  description: string;
  license: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')) as EnginePackage;

/** './model' → 'model', '.' → 'index': the built file of each public entry point. */
const entryName = (subpath: string) => (subpath === '.' ? 'index' : subpath.slice(2));
const entries = Object.entries(pkg.exports).filter(([subpath]) => subpath !== './package.json');

const WORKER_SOURCE = /new URL\(\s*(['"])\.\/render\.worker\.ts\1\s*,\s*import\.meta\.url\s*\)/g;
const WORKER_MARKER = '__POD_ENGINE_RENDER_WORKER__';
const WORKER_MARKED = new RegExp(`new URL\\(\\s*(['"])${WORKER_MARKER}\\1\\s*\\)`, 'g');

/**
 * Vite would bundle the render worker a second time, into a hashed file whose URL bundlers no
 * longer recognise. It is an entry of its own here instead; the client's URL is hidden from Vite
 * while modules are transformed and written back, relative to the chunk, once chunks are known.
 */
function workerUrl(): Plugin {
  return {
    name: 'pod-engine:worker-url',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/worker/client.ts')) return null;
      const marked = code.replace(WORKER_SOURCE, `new URL('${WORKER_MARKER}')`);
      if (marked === code) this.error('worker/client.ts no longer constructs ./render.worker.ts');
      return { code: marked, map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes(WORKER_MARKER)) return null;
      let rel = path.posix.relative(path.posix.dirname(chunk.fileName), 'render.worker.js');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return { code: code.replace(WORKER_MARKED, `new URL('${rel}', import.meta.url)`), map: null };
    },
  };
}

/** The built package's own package.json, README and CHANGELOG. */
function packageFiles(): Plugin {
  return {
    name: 'pod-engine:package-files',
    generateBundle() {
      const exportsMap: Record<string, unknown> = { './package.json': './package.json' };
      for (const [subpath, source] of entries) {
        exportsMap[subpath] = { types: `./types/${source.slice(2).replace(/\.ts$/, '.d.ts')}`, default: `./${entryName(subpath)}.js` };
      }
      const built = {
        name: pkg.name,
        version: pkg.version,
        description: pkg.description,
        license: pkg.license,
        type: 'module',
        types: './types/index.d.ts',
        exports: exportsMap,
        // The runtime is bundled in; these are what the declarations refer to.
        dependencies: pkg.dependencies,
      };
      this.emitFile({ type: 'asset', fileName: 'package.json', source: `${JSON.stringify(built, null, 2)}\n` });
      for (const file of ['README.md', 'CHANGELOG.md']) {
        this.emitFile({ type: 'asset', fileName: file, source: readFileSync(path.join(here, file), 'utf8') });
      }
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [workerUrl(), packageFiles()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Readable output: hosts debug into it, and their own bundlers minify.
    minify: false,
    sourcemap: true,
    lib: {
      entry: {
        ...Object.fromEntries(entries.map(([subpath, source]) => [entryName(subpath), path.join(here, source)])),
        'render.worker': path.join(here, 'worker/render.worker.ts'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      output: { chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
