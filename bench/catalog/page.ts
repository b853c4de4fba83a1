/**
 * The catalogue mockup benchmark's page (bench/catalog/run.ts): the demo catalogue's own views
 * (a product cut out on transparency, a sheen and part overlays, a displacement map) rendered by
 * the engine as the app renders them, beside the same engine with the CPU's share of the work on
 * an emulated GPU turned off (`cpuFrames`, `cpuBlend` false: every pass on the GPU), one after
 * the other in rounds. Times are performance.now() deltas in ms.
 */
import { Engine } from '@pod-studio/engine';
import type { CustomTemplate, DesignElement, SkuDesign } from '@pod-studio/engine/model';

export interface CatalogOptions {
  /** Colours of one design rendered in a row, as a product's save does. */
  readonly colours: number;
  readonly rounds: number;
  /** Design edits per view and round (the first two of each view are left out as warm-up). */
  readonly edits: number;
}

export interface CatalogSamples {
  /** Per way ('engine', 'gpu'): a design's first colour at 1600 px, ms per mockup. */
  readonly first: Record<string, number[]>;
  /** The later colours of that design, ms per mockup. */
  readonly later: Record<string, number[]>;
  /** Every colour of every view, one save, ms. */
  readonly save: Record<string, number[]>;
  /** A design moved on an 800 px on-screen mockup, ms. */
  readonly edit: Record<string, number[]>;
}

const PALETTE = [
  '#1F1F21',
  '#C8102E',
  '#2E7D32',
  '#1E3A8A',
  '#FDE68A',
  '#7C3AED',
  '#F97316',
  '#0EA5E9',
  '#9CA3AF',
  '#F9FAFB',
  '#15803D',
  '#B91C1C',
];
const SAVE_SIZE = 1600;
const EDIT_SIZE = 800;

/** A 1000 px picture: a diagonal gradient with a word on it, as a merchant's artwork might be. */
async function artwork(): Promise<string> {
  const canvas = new OffscreenCanvas(1000, 1000);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  const g = ctx.createLinearGradient(0, 0, 1000, 1000);
  g.addColorStop(0, '#e33');
  g.addColorStop(1, '#33e');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 1000, 1000);
  ctx.fillStyle = '#fff';
  ctx.font = 'bold 160px sans-serif';
  ctx.fillText('POD', 250, 560);
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
}

/** The artwork over 70 % of every flat's width, `dx` flat px right of centre. */
function designOf(template: CustomTemplate, url: string, dx: number): SkuDesign {
  return {
    id: 'bench',
    styleId: null,
    BGDesignList: [],
    color: '#FFFFFF',
    flatDesignList: template.flatList.map((f) => {
      const scale = (f.flatData.width * 0.7) / 1000;
      const element = {
        localId: 'art',
        designId: null,
        type: 'image',
        flatId: f.flatId,
        left: f.flatData.width / 2 + dx,
        top: f.flatData.height / 2,
        width: 1000,
        height: 1000,
        scaleX: scale,
        scaleY: scale,
        angle: 0,
        flipX: false,
        flipY: false,
        originX: 'center',
        originY: 'center',
        url,
        fileName: 'art.png',
        originalWidth: 1000,
        originalHeight: 1000,
        tiling: null,
        tilingLayer: null,
      } satisfies DesignElement;
      return { flatId: f.flatId, designList: [element], color: '#FFFFFF', flatImage: null, previewFlatImage: null };
    }),
  };
}

async function run(templates: CustomTemplate[], o: CatalogOptions): Promise<CatalogSamples> {
  const url = await artwork();
  const ways: Record<string, Engine> = { engine: new Engine(), gpu: new Engine({ cpuFrames: false, cpuBlend: false }) };
  const samples: CatalogSamples = { first: {}, later: {}, save: {}, edit: {} };
  for (const name of Object.keys(ways)) for (const row of Object.values(samples)) row[name] = [];
  // Each way renders every view once first: the pictures' loading, uploads and programs are paid
  // once per view and worker, not per design.
  for (const engine of Object.values(ways)) {
    for (const t of templates)
      await engine.renderMockupJpeg({
        template: t,
        design: designOf(t, url, -40),
        viewId: t.viewList[0]!.viewId,
        color: '#777777',
        size: SAVE_SIZE,
      });
  }
  let dx = 0;
  for (let round = 0; round < o.rounds; round++) {
    for (const [name, engine] of Object.entries(ways)) {
      const saveStart = performance.now();
      for (const t of templates) {
        const design = designOf(t, url, (dx += 3));
        for (const [i, color] of PALETTE.slice(0, o.colours).entries()) {
          const t0 = performance.now();
          await engine.renderMockupJpeg({
            template: t,
            design,
            viewId: t.viewList[0]!.viewId,
            color,
            size: SAVE_SIZE,
            runColors: o.colours,
          });
          (i === 0 ? samples.first : samples.later)[name]!.push(performance.now() - t0);
        }
      }
      samples.save[name]!.push(performance.now() - saveStart);
      for (const t of templates) {
        for (let k = 0; k < o.edits; k++) {
          const t0 = performance.now();
          const bitmap = await engine.renderMockup({
            template: t,
            design: designOf(t, url, (dx += 2)),
            viewId: t.viewList[0]!.viewId,
            color: PALETTE[1],
            size: EDIT_SIZE,
          });
          if (k >= 2) samples.edit[name]!.push(performance.now() - t0);
          bitmap.close();
        }
      }
    }
  }
  return samples;
}

const api = { run };
export type CatalogApi = typeof api;

declare global {
  interface Window {
    podCatalog: CatalogApi;
    podCatalogReady: boolean;
  }
}

window.podCatalog = api;
window.podCatalogReady = true;
