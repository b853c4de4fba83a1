/**
 * PSD → template: a mockup photographer's PSD becomes one view whose smart-object layers are the
 * print areas. Groups holding smart objects become Group layers (T/CF), each smart object a
 * SmartObject layer showing a flat named by its group path, its vector mask the PPC clip path, its
 * blend mode and opacity carried over. The embedded (or linked) source of each smart object is
 * returned so the importer's caller can show it as the flat's starting design.
 */
import type { Layer, Psd } from 'ag-psd';
import { pathFromPsdPaths } from '../geometry';
import type { SubPath } from '../geometry/path';
import type { GroupLayer, PathCommand, SmartObjectLayer, TemplateLayer } from '../model/types';
import { DataError } from '../model/errors';
import { blendCodeForPsd } from './blend';
import { placementOf, tessellatedByPhotoshop } from './placement';

export interface ImportedSource {
  flatId: string;
  /** Group path of the layer, e.g. 'simple_warp/bbox_change'. */
  path: string;
  width: number;
  height: number;
  /** The warp Photoshop applies, for reports ('custom 4x4', 'preset arc(50)', 'perspective'…). */
  warp: string;
  /** The smart object's file as stored in the PSD (PNG, JPEG, PSB…), when embedded. */
  file: { name: string; data: Uint8Array } | null;
  /** The PSD layer it came from (smart filters, the whole-document composite). */
  psdLayer: Layer;
}

export interface ImportedPsd {
  width: number;
  height: number;
  layers: TemplateLayer[];
  sources: ImportedSource[];
  /** Approximations made on the way; empty when the import is exact. */
  notes: string[];
}

const safeName = (name: string | undefined, fallback: string) => (name ?? '').trim().replace(/[\\/:*?"<>|]+/g, '_') || fallback;

/** A layer's name in group paths and flat ids; `index` is its place in its parent's list. */
export const layerName = (layer: Layer, index: number): string => safeName(layer.name, `layer${index}`);

export function importPsd(psd: Psd): ImportedPsd {
  if (!(psd.width > 0 && psd.height > 0)) throw new DataError('PSD has no size');
  const sources: ImportedSource[] = [];
  const notes: string[] = [];
  const files = new Map((psd.linkedFiles ?? []).map((f) => [f.id, f]));

  const visit = (layers: readonly Layer[], prefix: string): TemplateLayer[] => {
    const out: TemplateLayer[] = [];
    layers.forEach((layer, i) => {
      const name = layerName(layer, i);
      const path = prefix ? `${prefix}/${name}` : name;
      const blend = blendCodeForPsd(layer.blendMode);
      if (!blend.exact) notes.push(`${path}: blend mode '${layer.blendMode}' drawn as code ${blend.code}`);
      if (layer.children) {
        const children = visit(layer.children, path);
        if (children.length === 0) return;
        const group: GroupLayer = { T: 'Group', PPC: clipOf(layer, path), CF: children, blend: blend.code, opacity: layer.opacity ?? 1 };
        out.push(group);
        return;
      }
      if (!layer.placedLayer || layer.hidden) return;
      const placement = placementOf(layer.placedLayer, path);
      notes.push(...placement.notes);
      const flatId = path;
      const linked = files.get(layer.placedLayer.id);
      sources.push({
        flatId,
        path,
        width: placement.OS.w,
        height: placement.OS.h,
        warp: placement.warp,
        file: linked?.data ? { name: linked.name, data: linked.data } : null,
        psdLayer: layer,
      });
      const so: SmartObjectLayer = {
        T: 'SmartObject',
        PS: placement.PS,
        OS: placement.OS,
        M: placement.M,
        PPC: clipOf(layer, path),
        F: { kind: 'flat', flatId },
        blend: blend.code,
        opacity: layer.opacity ?? 1,
        ...(tessellatedByPhotoshop(placement) ? { tessellation: 'photoshop' as const } : {}),
      };
      out.push(so);
    });
    return out;
  };

  const layers = visit(psd.children ?? [], '');
  if (sources.length === 0) throw new DataError('PSD has no smart-object layers to design on');
  return { width: psd.width, height: psd.height, layers, sources, notes };
}

/** The layer's vector mask as PPC commands in view pixels (null when it has none). */
export function clipOf(layer: Layer, path: string): PathCommand[] | null {
  const mask = layer.vectorMask;
  if (!mask || mask.disable || !mask.paths?.length) return null;
  if (mask.paths.some((p) => p.operation && p.operation !== 'combine')) {
    throw new DataError(`${path}: vector masks that subtract or intersect shapes are not supported`);
  }
  return commandsOf(pathFromPsdPaths(mask.paths.map((p) => ({ open: p.open, knots: p.knots }))));
}

export function commandsOf(subpaths: readonly SubPath[]): PathCommand[] {
  const cmds: PathCommand[] = [];
  for (const sp of subpaths) {
    const knots = sp.knots;
    const first = knots[0];
    if (!first) continue;
    cmds.push({ Type: 'M', X: first.anchor[0], Y: first.anchor[1] });
    const segments = sp.closed ? knots.length : knots.length - 1;
    for (let i = 0; i < segments; i++) {
      const a = knots[i]!;
      const b = knots[(i + 1) % knots.length]!;
      cmds.push(
        { Type: 'C', X: a.out[0], Y: a.out[1] },
        { Type: 'C', X: b.in[0], Y: b.in[1] },
        { Type: 'C', X: b.anchor[0], Y: b.anchor[1] },
      );
    }
    if (sp.closed) cmds.push({ Type: 'Z', X: 0, Y: 0 });
  }
  return cmds;
}
