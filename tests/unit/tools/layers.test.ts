/**
 * The tree's layers, read from the import statements themselves: engine and contract at the
 * bottom, the app (src/) and the server beside each other above them, the demo generator on top,
 * and the designer's folders depending on each other one way; the engine reached from outside only
 * through its package's public entry points. A new import that reaches the wrong way fails here,
 * naming the file and the import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Folders that hold no source of ours: installed packages and build output. */
const NOT_SOURCE = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return NOT_SOURCE.has(e.name) ? [] : sourceFiles(path);
    return e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file imports: a package name, or a path from the repository root for a relative import. */
function importsOf(file: string): string[] {
  // Static imports and re-exports (`… from '…'`, `import '…'`) and dynamic `import('…')`; comment
  // lines are dropped first so an example in a comment is not read as an import.
  const text = readFileSync(join(root, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.map((s) =>
    s.startsWith('.')
      ? relative(root, resolve(root, dirname(file), s))
          .split(sep)
          .join('/')
      : s,
  );
}

const topFolder = (path: string) => path.split('/')[0]!;

/** The imports of `dir` that `refused` says may not be there, as "file → import". */
function wrongImports(dir: string, refused: (target: string, file: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((t) => refused(t, file))
      .map((t) => `${file} → ${t}`),
  );
}

describe('layers', () => {
  it('engine imports neither React nor the app, the server, the demo or the contract', () => {
    const refused = (t: string) => /^react(-dom)?(\/|$)/.test(t) || ['src', 'server', 'demo', 'contract'].includes(topFolder(t));
    expect(wrongImports('engine', refused)).toEqual([]);
  });

  it('contract imports nothing above it', () => {
    const refused = (t: string) => ['src', 'server', 'demo', 'engine', 'workers'].includes(topFolder(t)) || /^react/.test(t);
    expect(wrongImports('contract', refused)).toEqual([]);
  });

  it('the app never imports the server or the demo generator', () => {
    expect(wrongImports('src', (t) => ['server', 'demo'].includes(topFolder(t)))).toEqual([]);
  });

  it('the server never imports the app, and only its entry point starts the demo generator', () => {
    const refused = (t: string, file: string) => topFolder(t) === 'src' || (topFolder(t) === 'demo' && file !== 'server/main.ts');
    expect(wrongImports('server', refused)).toEqual([]);
  });
});

describe('the engine package', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'engine/package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  /** '@pod-studio/engine', '@pod-studio/engine/model', …: the package's public entry points. */
  const entryPoints = new Set(
    Object.keys(pkg.exports)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`)),
  );
  /** Every folder of ours but the engine itself and the tests (which may test its internals). */
  const appFolders = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_SOURCE.has(e.name) && !['engine', 'tests'].includes(e.name))
    .map((e) => e.name);

  it('is reached from the rest of the tree only through its public entry points, as a third party would', () => {
    const refused = (t: string) => topFolder(t) === 'engine' || ((t === pkg.name || t.startsWith(`${pkg.name}/`)) && !entryPoints.has(t));
    expect(appFolders).toEqual(expect.arrayContaining(['src', 'server', 'workers', 'demo', 'scripts', 'bench', 'tools']));
    expect(appFolders.flatMap((dir) => wrongImports(dir, refused))).toEqual([]);
    // The check reads real imports: the app's render worker wiring uses the package.
    expect(importsOf('workers/client.ts')).toContain(`${pkg.name}/worker`);
  });

  it('names only entry points that exist', () => {
    for (const [subpath, file] of Object.entries(pkg.exports)) {
      expect(() => readFileSync(join(root, 'engine', file)), subpath).not.toThrow();
    }
  });
});

describe("the designer's folders", () => {
  it('depend on each other one way (no two folders reach into each other, directly or around a loop)', () => {
    const base = 'src/designer/';
    const folderOf = (path: string) => (path.startsWith(base) ? path.slice(base.length).split('/')[0]! : null);
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles('src/designer')) {
      const from = folderOf(file);
      // Files directly in src/designer/ (the page that assembles the folders) sit above them all.
      if (!from || !file.slice(base.length).includes('/')) continue;
      for (const t of importsOf(file)) {
        const to = folderOf(t);
        if (to && to !== from && t.slice(base.length).includes('/')) {
          edges.set(from, (edges.get(from) ?? new Set()).add(to));
        }
      }
    }
    // Depth-first search for a loop; the loop found is reported as a path.
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, path: string[]) => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') {
        loops.push([...path.slice(path.indexOf(folder)), folder].join(' → '));
        return;
      }
      state.set(folder, 'open');
      for (const next of edges.get(folder) ?? []) visit(next, [...path, folder]);
      state.set(folder, 'done');
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(loops).toEqual([]);
    // The check reads real imports: the dialog assembles the steps, the steps the panels.
    expect(edges.get('dialog')?.has('steps')).toBe(true);
    expect(edges.get('steps')?.has('panels')).toBe(true);
  });
});
