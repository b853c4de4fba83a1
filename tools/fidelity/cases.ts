/**
 * A fidelity folder holds one case per sub-folder: a Photoshop document (.psd or .psb), optionally
 * design.png (what to place into every smart object when the embedded content cannot be decoded),
 * and reference/<group path>.png: Photoshop's own render of each smart-object layer at document
 * size. The document's stored composite is the whole-document reference.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface FidelityCase {
  name: string;
  dir: string;
  document: string;
  design: string | null;
  /** Layer name (group path, '/'-separated, as the CLI names files) → reference PNG. */
  references: Map<string, string>;
}

function walkPngs(dir: string, prefix: string, out: Map<string, string>): void {
  for (const entry of readdirSync(dir).sort()) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) walkPngs(file, `${prefix}${entry}/`, out);
    else if (/\.png$/i.test(entry)) out.set(`${prefix}${entry.replace(/\.png$/i, '')}`, file);
  }
}

export function listCases(root: string): FidelityCase[] {
  if (!existsSync(root)) throw new Error(`fidelity folder not found: ${root}`);
  const cases: FidelityCase[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = path.join(root, name);
    if (!statSync(dir).isDirectory()) continue;
    const doc = readdirSync(dir).find((f) => /\.ps[db]$/i.test(f));
    if (!doc) continue;
    const references = new Map<string, string>();
    const refDir = path.join(dir, 'reference');
    if (existsSync(refDir)) walkPngs(refDir, '', references);
    const design = path.join(dir, 'design.png');
    cases.push({ name, dir, document: path.join(dir, doc), design: existsSync(design) ? design : null, references });
  }
  return cases;
}

/** The CLI's file name for a layer: each group-path part with runs outside [A-Za-z0-9_.-] as '_'. */
export function layerFileName(layerPath: string): string {
  return layerPath
    .split('/')
    .map((p) => p.replace(/[^\w.-]+/g, '_'))
    .join('/');
}
