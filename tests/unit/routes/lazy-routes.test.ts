/**
 * The first load of / carries only what the home page needs: everything src/main.tsx reaches
 * through static imports (what ends up in the entry chunk and its preloads) is walked here from
 * the import statements themselves, and no other page, the designer, bulk design or the engine
 * may be in it. Pages are loaded by dynamic `import()` from the route table. The build prints the
 * resulting size (tools/build/initial-js.ts); e2e `first-load.spec.ts` checks what a browser downloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The static, value-carrying imports of a file: `import … from`, `import '…'`, `export … from`; type-only ones ship no code. */
function staticImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  const found: string[] = [];
  // A clause is names, braces, commas, `* as x` and `type`: nothing a string or an expression would hold.
  const pattern = /^\s*(?:import|export)\s+(type\s+)?(?:([\w$\s{},*]+?)\s*from\s*)?['"]([^'"\n]+)['"]/gm;
  for (const m of text.matchAll(pattern)) {
    const [whole, typeOnly, clause = '', spec = ''] = m;
    if (typeOnly) continue;
    // `export const x = '…'` is no import: only `import '…'` may go without a clause.
    if (!clause && !/^\s*import\s*['"]/.test(whole)) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    // `import { type A, type B } from '…'` is removed by the compiler.
    if (named && named[1]!.split(',').every((n) => n.trim() === '' || /^type\s/.test(n.trim()))) continue;
    found.push(spec);
  }
  return found;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(root, dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && /\.(tsx?|css)$/.test(candidate)) return relative(root, candidate).split('\\').join('/');
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/** Every file and package reached from `entry` through static imports. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.css')) return;
    for (const spec of staticImports(file)) {
      const target = resolveImport(file, spec);
      if (target) visit(target);
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the first load of /', () => {
  const { files, packages } = staticGraph('src/main.tsx');

  it('reaches the route table, the home page and the layouts', () => {
    expect(files).toContain('src/routes/table.tsx');
    expect(files).toContain('src/pages/Home.tsx');
    expect(files).toContain('src/layouts/Layouts.tsx');
  });

  it('holds no other page: catalogue, products, commerce, account, policies, auth, bulk design', () => {
    const allowedPages = new Set(['src/pages/Home.tsx', 'src/pages/NotFound.tsx']);
    const pages = [...files].filter((f) => /^src\/(pages|bulk)\//.test(f) && !allowedPages.has(f));
    // Components a page shares with the shell (the notification bell in the header) are fine; pages are not.
    const routePages = pages.filter((f) => /(Page|Policy|ContactUs|ShoppingCart|AuthPages|Dashboard)\.tsx$/.test(f));
    expect(routePages).toEqual([]);
  });

  it('holds neither the designer nor the engine and its libraries', () => {
    expect([...files].filter((f) => f.startsWith('src/designer/') || f.startsWith('engine/') || f.startsWith('workers/'))).toEqual([]);
    const heavy = [...packages].filter((p) => /^(@pod-studio\/engine|ag-psd|pixi\.js|twgl\.js|@e965\/xlsx|zod)(\/|$)/.test(p));
    expect(heavy).toEqual([]);
  });

  it('loads every other page of the route table with a dynamic import', () => {
    const table = readFileSync(join(root, 'src/routes/table.tsx'), 'utf8');
    const dynamic = [...table.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
    for (const page of [
      '../pages/AuthPages',
      '../pages/catalog/CatalogPage',
      '../pages/commerce/ShoppingCart',
      '../pages/account/AccountPage',
      '../pages/policy/PrivacyPolicy',
      '../bulk/pages/BulkDesignPage',
    ]) {
      expect(dynamic, page).toContain(page);
    }
  });
});
