/**
 * The folder layering of src/designer (docs/editor-core.md): a folder imports only folders on
 * a lower layer, and the editor core imports neither React nor anything else of the designer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../src/designer');

/** Lower layers first; a folder may import its own files and any folder of a lower layer. */
const LAYERS: readonly (readonly string[])[] = [
  ['editor'],
  ['model'],
  ['draft', 'save', 'uploads'],
  ['stage', 'layers', 'panels', 'mockups'],
  ['steps'],
  ['dialog'],
];
const layerOf = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

const files = sources(ROOT);
const folderOf = (file: string) => path.relative(ROOT, file).split(path.sep)[0]!;

describe('src/designer layering', () => {
  it('knows every designer folder', () => {
    const folders = new Set(files.map(folderOf));
    expect([...folders].filter((f) => !layerOf.has(f))).toEqual([]);
  });

  it('no folder imports a folder on its own layer or above', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = folderOf(file);
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(ROOT + path.sep)) continue;
        const to = folderOf(target);
        if (to === from) continue;
        if (layerOf.get(to)! >= layerOf.get(from)!) wrong.push(`${path.relative(ROOT, file)} → ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the editor core imports no React, no app code outside the engine, and touches no DOM globals', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => folderOf(f) === 'editor')) {
      for (const spec of importsOf(file)) {
        const bare = !spec.startsWith('.');
        // Bare: valtio and the engine package's entry points; relative: the editor's own files.
        if (
          bare
            ? spec !== 'valtio' && !/^@pod-studio\/engine(\/|$)/.test(spec)
            : !path.resolve(path.dirname(file), spec).startsWith(path.join(ROOT, 'editor'))
        ) {
          wrong.push(`${path.basename(file)} → ${spec}`);
        }
      }
      const text = readFileSync(file, 'utf8');
      if (/(?<![./])\b(window|document|navigator)\.(?!ts\b)[a-zA-Z]|\brequestAnimationFrame\(/.test(text))
        wrong.push(`${path.basename(file)} uses a DOM global`);
    }
    expect(wrong).toEqual([]);
  });
});
