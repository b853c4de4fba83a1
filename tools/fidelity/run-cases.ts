/**
 * Renders fidelity cases through the real engine (headless Chromium, the mockup CLI's page) and
 * compares each smart-object layer and the whole composite with Photoshop's own pixels.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { EngineHarness } from '../../scripts/engine-harness.ts';
import { type Raster, flattenOver } from '@pod-studio/engine/psd';
import { compareRasters, type Comparison } from './compare.ts';
import { layerFileName, type FidelityCase } from './cases.ts';
import { COMPOSITE_MAE_LIMIT, LAYER_MAE_LIMIT } from './thresholds.ts';

export interface LayerResult extends Partial<Comparison> {
  case: string;
  layer: string;
  warp: string;
  /** Why no comparison was made (no reference, no render). */
  missing?: string;
  pass: boolean;
}

export interface CaseResult {
  case: string;
  layers: LayerResult[];
  composite: (Partial<Comparison> & { missing?: string; pass: boolean }) | null;
  /** The PSD baked into a product template and rendered by the GPU renderer, against the same composite. */
  template: (Partial<Comparison> & { missing?: string; pass: boolean }) | null;
  notes: string[];
  error: string | null;
  ms: number;
}

export async function decodePng(bytes: Buffer | string): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

export async function runCase(harness: EngineHarness, c: FidelityCase, opts: { outDir?: string } = {}): Promise<CaseResult> {
  const started = Date.now();
  const result: CaseResult = { case: c.name, layers: [], composite: null, template: null, notes: [], error: null, ms: 0 };
  try {
    harness.serveDir(c.dir);
    const psd = await harness.serve(`${c.name}-${path.basename(c.document)}`, c.document);
    const design = c.design ? await harness.serve(`${c.name}-design.png`, c.design) : undefined;
    const out = await harness.page.evaluate((args) => window.podMockup(args), {
      psd,
      ...(design ? { design } : {}),
      layers: true,
      composite: true,
      viewsOut: false,
      templateComposite: true,
    });
    result.notes = [...out.notes, ...(out.template?.notes ?? []).map((n) => `template: ${n}`)];
    const rendered = new Map(out.layers.map((l) => [layerFileName(l.name), l]));
    for (const [name, refFile] of c.references) {
      const layer = rendered.get(name);
      if (!layer) {
        result.layers.push({ case: c.name, layer: name, warp: '?', missing: 'not rendered', pass: false });
        continue;
      }
      const png = Buffer.from(layer.png, 'base64');
      if (opts.outDir) await writeOut(path.join(opts.outDir, c.name, `${name}.png`), png);
      const cmp = compareRasters(await decodePng(png), await decodePng(refFile));
      result.layers.push({ case: c.name, layer: name, warp: layer.warp, ...cmp, pass: cmp.mae <= LAYER_MAE_LIMIT });
    }
    for (const [name, layer] of rendered) {
      if (!c.references.has(name)) result.layers.push({ case: c.name, layer: name, warp: layer.warp, missing: 'no reference', pass: true });
    }
    if (out.composite && out.compositeReference) {
      const png = Buffer.from(out.composite, 'base64');
      if (opts.outDir) await writeOut(path.join(opts.outDir, c.name, '__composite.png'), png);
      const compared = out.compositeCompared ? Buffer.from(out.compositeCompared, 'base64') : png;
      const cmp = compareRasters(await decodePng(compared), await decodePng(Buffer.from(out.compositeReference, 'base64')));
      result.composite = { ...cmp, pass: cmp.mae <= COMPOSITE_MAE_LIMIT };
      if (out.templateRender) {
        const png = Buffer.from(out.templateRender, 'base64');
        if (opts.outDir) await writeOut(path.join(opts.outDir, c.name, '__template.png'), png);
        let raster = await decodePng(png);
        if (out.compositeCompared) raster = flattenOver(raster, [255, 255, 255]);
        const t = compareRasters(raster, await decodePng(Buffer.from(out.compositeReference, 'base64')));
        result.template = { ...t, pass: t.mae <= COMPOSITE_MAE_LIMIT };
      } else {
        result.template = { missing: 'not rendered', pass: false };
      }
    } else {
      // No real composite in the file: nothing to compare, which is not a failure of the render.
      result.composite = {
        missing: out.composite ? 'the document stores no real composite' : 'not rendered',
        pass: Boolean(out.composite),
      };
    }
  } catch (err) {
    result.error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  }
  result.ms = Date.now() - started;
  return result;
}

async function writeOut(file: string, png: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, png);
}

export function casePassed(r: CaseResult): boolean {
  return !r.error && r.layers.every((l) => l.pass) && (r.composite?.pass ?? false) && (r.template?.pass ?? true);
}

const fmt = (n: number | undefined, digits: number) => (n === undefined ? '—' : n.toFixed(digits));

/** One row per layer and one per composite: case, layer, warp kind, MAE, IoU, verdict. */
export function formatTable(results: readonly CaseResult[]): string {
  const rows: string[][] = [['case', 'layer', 'warp', 'MAE', 'IoU', 'result']];
  for (const r of results) {
    if (r.error) {
      rows.push([r.case, '—', '—', '—', '—', `FAIL: ${r.error}`]);
      continue;
    }
    for (const l of r.layers) {
      rows.push([
        r.case,
        l.layer,
        l.warp,
        fmt(l.mae, 2),
        fmt(l.iou, 4),
        l.missing ? `${l.pass ? 'n/a' : 'FAIL'}: ${l.missing}` : l.pass ? 'pass' : `FAIL (> ${LAYER_MAE_LIMIT})`,
      ]);
    }
    for (const [label, c] of [
      ['(composite)', r.composite],
      ['(template)', r.template],
    ] as const) {
      if (c)
        rows.push([
          r.case,
          label,
          '—',
          fmt(c.mae, 2),
          fmt(c.iou, 4),
          c.missing ? `${c.pass ? 'n/a' : 'FAIL'}: ${c.missing}` : c.pass ? 'pass' : `FAIL (> ${COMPOSITE_MAE_LIMIT})`,
        ]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
