/**
 * Builds the engine package into engine/dist/ (`npm run build:engine` from the repository root):
 * the ES modules (vite.config.ts says what they hold), then the declarations (tsc 7 emits them
 * from tsconfig.build.json), whose relative imports are then given the `.js` names of the built
 * files so that they resolve under every TypeScript module resolution (`bundler` and `nodenext`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const engineDir = path.resolve(import.meta.dirname, '..');
const typesDir = path.join(engineDir, 'dist/types');

await build({ configFile: path.join(engineDir, 'vite.config.ts') });

// The repository's TypeScript (tsc 7, the native compiler), hoisted to the root by the workspace.
const tscBin = path.resolve(engineDir, '../node_modules/typescript/bin/tsc');
const tsc = spawnSync(process.execPath, [tscBin, '-p', path.join(engineDir, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('engine build: tsc could not emit the declarations');
  process.exit(tsc.status ?? 1);
}

/** The `.js` name a declaration's relative import resolves to (`./a.ts`, `./a` or `./dir`). */
function builtSpecifier(fromFile: string, spec: string): string {
  const base = spec.replace(/\.ts$/, '');
  const target = path.resolve(path.dirname(fromFile), base);
  if (existsSync(`${target}.d.ts`)) return `${base}.js`;
  if (existsSync(path.join(target, 'index.d.ts'))) return `${base}/index.js`;
  throw new Error(`${path.relative(engineDir, fromFile)}: cannot resolve '${spec}' among the declarations`);
}

let rewritten = 0;
for (const entry of readdirSync(typesDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  const out = text.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])(\.{1,2}\/[^'"]*)\2/gm,
    (_m, head: string, q: string, spec: string) => {
      return `${head}${q}${builtSpecifier(file, spec)}${q}`;
    },
  );
  if (out !== text) {
    writeFileSync(file, out);
    rewritten++;
  }
}
console.log(`engine build: dist/ written, ${rewritten} declaration files given .js imports`);
