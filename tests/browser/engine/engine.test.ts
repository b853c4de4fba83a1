import { afterAll, describe, expect, it } from 'vitest';
import { Engine, isStopRender, readPngDpi, validateTemplate } from '../../../engine/index.ts';
import { startRenderWorker } from '../../../workers/client';
import { RenderPool, keyedJob } from '../../../workers/pool.ts';
import { pixels, scene } from './scene.ts';

const engine = new Engine();
afterAll(async () => {
  await engine.dispose();
});

describe('Engine: template + design → mockup', () => {
  it('draws the design where the smart object sits, the photo elsewhere, tinted by the SKU colour', async () => {
    const { template, design } = await scene();
    expect(validateTemplate(template).ok).toBe(true);
    const px = await pixels(await engine.renderMockup({ template, design, viewId: 'v-front' }));
    // The red image covers flat (0..100) → photo (100..200) at scale 1.
    const [r, g, b] = px(150, 150);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(15);
    expect(b).toBeLessThan(15);
    // Outside the design: the white product photo.
    expect(
      px(300, 300)
        .slice(0, 3)
        .every((v) => v > 245),
    ).toBe(true);
    const blue = await pixels(await engine.renderMockup({ template, design, viewId: 'v-front', color: '#0000FF' }));
    const [br, bg, bb] = blue(300, 300);
    expect(bb).toBeGreaterThan(200);
    expect(Math.max(br, bg)).toBeLessThan(40);
  });

  it('keeps only the newest render of a view', async () => {
    const { template, design } = await scene();
    const older = engine.renderMockup({ template, design, viewId: 'v-front', renderId: 1 });
    const newer = engine.renderMockup({ template, design, viewId: 'v-front', renderId: 2 });
    const [a, b] = await Promise.allSettled([older, newer]);
    expect(a.status === 'rejected' && isStopRender(a.reason)).toBe(true);
    expect(b.status).toBe('fulfilled');
  });

  it('never stops a JPEG export for a newer render of its view: the file is kept, the screen is not', async () => {
    const { template, design } = await scene();
    const file = engine.renderMockupJpeg({ template, design, viewId: 'v-front', size: 300 });
    const screen = engine.renderMockup({ template, design, viewId: 'v-front', size: 200 });
    const later = engine.renderMockup({ template, design, viewId: 'v-front', size: 200 });
    const [jpeg, first, second] = await Promise.allSettled([file, screen, later]);
    expect(jpeg.status).toBe('fulfilled');
    const bitmap = await createImageBitmap((jpeg as PromiseFulfilledResult<Blob>).value);
    expect([bitmap.width, bitmap.height]).toEqual([300, 300]);
    // The design is in it: red where the print area is.
    const [r, g] = (await pixels(bitmap))(112, 112);
    expect(r - g).toBeGreaterThan(150);
    // On-screen renders of one view still keep only the newest.
    expect(first.status === 'rejected' && isStopRender(first.reason)).toBe(true);
    expect(second.status).toBe('fulfilled');
  });

  it('exports a print file at the flat print size and DPI', async () => {
    const { template, design } = await scene();
    const png = await engine.exportPrintFile(template, design, 'front', 150);
    const bitmap = await createImageBitmap(png);
    // flatWidth 1500 px at the default 125 dpi is 12 in: 1800 px at 150 dpi.
    expect([bitmap.width, bitmap.height]).toEqual([1800, 1800]);
    expect(await readPngDpi(png)).toBe(150);
    const px = await pixels(bitmap);
    expect(px(400, 400).slice(0, 3)).toEqual([255, 0, 0]);
    expect(px(1200, 1200)[3]).toBe(0);
  });
});

describe('RenderPool: bulk renders in workers', () => {
  it('renders every job, reports progress, and keeps going past a failed job', async () => {
    const { template, design } = await scene();
    const pool = new RenderPool(2);
    const progress: number[] = [];
    const results = await pool.run<Blob | ImageBitmap>(
      [
        (api) => api.renderMockupJpeg({ template, design, viewId: 'v-front', color: '#FFFFFF', size: 300 }),
        (api) => api.renderMockupJpeg({ template, design, viewId: 'v-back', color: '#FF8800', size: 300 }),
        (api) => api.renderMockupJpeg({ template, design, viewId: 'nope' }),
        (api) => api.renderMockup({ template, design, viewId: 'v-front', size: 200 }),
      ],
      { onProgress: (done) => progress.push(done) },
    );
    pool.terminate();
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true]);
    const failed = results[2]!;
    expect(!failed.ok && failed.error).toMatch(/no view 'nope'/);
    const jpeg = results[0]!.ok ? (results[0] as { value: Blob }).value : null;
    expect(jpeg?.type).toBe('image/jpeg');
    const decoded = await createImageBitmap(jpeg!);
    expect([decoded.width, decoded.height]).toEqual([300, 300]);
    const bitmap = (results[3] as { value: ImageBitmap }).value;
    expect(bitmap.width).toBe(200);
  });

  it("sends a view's keyed jobs to the worker that rendered that view first", async () => {
    const { template, design } = await scene();
    const pool = new RenderPool(2);
    const ran: [string, unknown][] = [];
    const job = (viewId: string, color: string) =>
      keyedJob(viewId, async (api) => {
        ran.push([viewId, api]);
        return api.renderMockupJpeg({ template, design, viewId, color, size: 200 });
      });
    // A first run: each worker takes one view.
    const first = await pool.run([job('v-front', '#FFFFFF'), job('v-back', '#FFFFFF')]);
    expect(first.every((r) => r.ok)).toBe(true);
    const workerOf = new Map(ran);
    expect(workerOf.get('v-front')).not.toBe(workerOf.get('v-back'));
    // The next run, one job of each view at a time: each goes back to its view's worker.
    ran.length = 0;
    const second = await pool.run([job('v-back', '#1E3A8A'), job('v-front', '#1E3A8A')]);
    pool.terminate();
    expect(second.map((r) => r.ok)).toEqual([true, true]);
    for (const [viewId, api] of ran) expect(api, viewId).toBe(workerOf.get(viewId));
  });

  it('renders on a lent worker beside its own, and gives the lent one back running', async () => {
    const { template, design } = await scene();
    const lent = startRenderWorker();
    const pool = new RenderPool(2, startRenderWorker, [lent]);
    const results = await pool.run(
      Array.from({ length: 4 }, () => (api: typeof lent.api) => api.renderMockupJpeg({ template, design, viewId: 'v-front', size: 120 })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    pool.terminate();
    // Still alive after the pool is gone: its owner (the designer) keeps using it.
    const again = await lent.api.renderMockupJpeg({ template, design, viewId: 'v-front', size: 120 });
    expect(again.type).toBe('image/jpeg');
    lent.terminate();
  });

  it('cancels what has not started', async () => {
    const { template, design } = await scene();
    const pool = new RenderPool(1);
    const controller = new AbortController();
    const results = await pool.run(
      Array.from(
        { length: 5 },
        () => (api: Parameters<Parameters<typeof pool.run>[0][number]>[0]) =>
          api.renderMockupJpeg({ template, design, viewId: 'v-front', size: 100 }),
      ),
      {
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 1) controller.abort();
        },
      },
    );
    pool.terminate();
    expect(results[0]!.ok).toBe(true);
    expect(results.slice(1).every((r) => !r.ok && r.error === 'cancelled')).toBe(true);
  });
});

describe('Engine lifetime', () => {
  it('keeps rendering across more short-lived engines than the browser keeps WebGL contexts', async () => {
    // Chromium keeps 16 live contexts and kills the oldest past that: the realm's shared
    // composition context. Each engine must give its own context back when disposed.
    const { template, design } = await scene();
    for (let i = 0; i < 24; i++) {
      const e = new Engine();
      try {
        const px = await pixels(await e.renderMockup({ template, design, viewId: 'v-front', size: 100 }));
        expect(px(37, 37).slice(0, 3), `engine ${i}`).toEqual([255, 0, 0]);
      } finally {
        await e.dispose();
      }
    }
  });
});
