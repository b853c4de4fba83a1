/**
 * The editor benchmark's page (bench/editor/index.html), driven by bench/editor/run.ts. It mounts
 * the real EditorStage (worker, transferred canvas, overlay) with a design of each size asked for
 * (150 and 1000 elements) and drags one element with PointerEvents, timing each pointer event until the stage worker has drawn
 * the frame showing it (GPU finished). The baseline is the same stage recomposing the whole
 * flat every frame. Then: edit → updated front mockup through the render worker, beside the
 * same mockup with the design unchanged (the warp alone).
 */
import { createRoot, type Root } from 'react-dom/client';
import { snapshot } from 'valtio';
import type { StageResult } from '@pod-studio/engine/stage';
import { EditorStage, StageClient } from '../../src/designer/stage/index.ts';
import { createEditor, visibleDesign, type Editor, type EditorState } from '../../src/designer/editor/index.ts';
import { startRenderWorker } from '../../workers/client.ts';
import { DRAGGED, buildBenchScene } from './scene.ts';

export interface DragResult {
  samples: number[];
  skipped: number;
  replannedPerFrame: number;
  prepareMs: number[];
  drawMs: number[];
  toSubmitMs: number[];
  afterSendMs: number[];
}
/** One stage size: the live stage and the baseline dragging one element among `elements`. */
export interface StageRun {
  elements: number;
  stage: DragResult;
  baseline: DragResult;
}
export interface BenchResult {
  stages: StageRun[];
  mockupAfterEdit: number[];
  mockupUnchanged: number[];
  notes: string[];
}

const host = document.getElementById('stage')!;

async function mountStage(session: Editor, baseline: boolean) {
  let waiting: ((r: StageResult) => void) | null = null;
  const frames: StageResult[] = [];
  let client: StageClient | null = null;
  const root: Root = createRoot(host);
  root.render(
    <EditorStage
      editor={session}
      flatLabel="Front"
      clientOptions={{ baseline, finish: true }}
      clientRef={(c) => void (client = c ?? client)}
      onFrame={(r) => {
        frames.push(r);
        const w = waiting;
        waiting = null;
        w?.(r);
      }}
    />,
  );
  const nextFrame = () => new Promise<StageResult>((resolve) => (waiting = resolve));
  // The first frame loads every picture and font: wait until it is drawn.
  await nextFrame();
  // Fitting the view after the first layout draws again; start timing once all of that is done.
  await new Promise((r) => setTimeout(r, 50));
  await client!.idle();
  return { root, nextFrame, frames, client: () => client! };
}

async function dragOnce(session: Editor, baseline: boolean, moves: number): Promise<DragResult> {
  const stage = await mountStage(session, baseline);
  const poly = host.querySelector(`[data-element-id="${DRAGGED}"]`)!;
  const r = poly.getBoundingClientRect();
  const start: [number, number] = [r.left + r.width / 2, r.top + r.height / 2];
  const init = (x: number, y: number, buttons: number): PointerEventInit => ({
    pointerId: 7,
    pointerType: 'mouse',
    isPrimary: true,
    bubbles: true,
    cancelable: true,
    clientX: x,
    clientY: y,
    button: 0,
    buttons,
  });
  poly.dispatchEvent(new PointerEvent('pointerdown', init(start[0], start[1], 1)));
  // The press selects the element, a frame of its own: let it be drawn first. Moving while it is
  // in flight would queue every later move's frame behind the previous one, and each sample would
  // end at the previous move's frame instead of its own. (The state notifies its subscribers in a
  // microtask, so the frame is submitted only after this turn.)
  await new Promise((r) => setTimeout(r, 0));
  await stage.client().idle();
  const samples: number[] = [];
  let skipped = 0;
  let replanned = 0;
  const prepareMs: number[] = [];
  const drawMs: number[] = [];
  // When the page handed the frame to the worker: the main thread's share of each sample.
  const toSubmitMs: number[] = [];
  // The page's work left in that turn once the frame was sent (React rendering the overlay), done
  // while the worker draws: until a message posted at the submit gets through.
  const afterSendMs: number[] = [];
  let submittedAt = 0;
  let afterSubmit = 0;
  const submit = StageClient.prototype.submit;
  StageClient.prototype.submit = function (this: StageClient, f) {
    submittedAt = performance.now();
    submit.call(this, f);
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      afterSubmit = performance.now() - submittedAt;
      ch.port1.close();
    };
    ch.port2.postMessage(null);
  };
  for (let i = 1; i <= moves; i++) {
    // Across the flat and back, 5 screen px a step.
    const phase = i % 120;
    const d = (phase < 60 ? phase : 120 - phase) * 5;
    const rev = session.state.revision;
    afterSubmit = 0;
    const frame = stage.nextFrame();
    const t0 = performance.now();
    poly.dispatchEvent(new PointerEvent('pointermove', init(start[0] + d, start[1] + d * 0.6, 1)));
    if (session.state.revision === rev) {
      // Snapping held the element in place: nothing to draw for this event.
      skipped += 1;
      continue;
    }
    const result = await frame;
    samples.push(performance.now() - t0);
    toSubmitMs.push(submittedAt - t0);
    afterSendMs.push(afterSubmit);
    replanned += result.replanned;
    prepareMs.push(result.prepareMs);
    drawMs.push(result.drawMs);
  }
  poly.dispatchEvent(new PointerEvent('pointerup', init(start[0], start[1], 0)));
  StageClient.prototype.submit = submit;
  stage.root.unmount();
  return {
    samples,
    skipped,
    replannedPerFrame: samples.length ? replanned / samples.length : 0,
    prepareMs,
    drawMs,
    toSubmitMs,
    afterSendMs,
  };
}

async function mockupTimes(session: Editor, edits: number): Promise<{ afterEdit: number[]; unchanged: number[] }> {
  const worker = startRenderWorker();
  const req = () => ({
    template: session.state.template,
    design: visibleDesign(snapshot(session.state) as unknown as EditorState),
    viewId: 'front',
    size: 800,
  });
  try {
    (await worker.api.renderMockup(req())).close();
    const afterEdit: number[] = [];
    const unchanged: number[] = [];
    for (let i = 0; i < edits; i++) {
      const el = session.find(DRAGGED)!.element;
      session.updateElement(DRAGGED, { left: el.left + 7 });
      const t0 = performance.now();
      (await worker.api.renderMockup(req())).close();
      afterEdit.push(performance.now() - t0);
      const t1 = performance.now();
      (await worker.api.renderMockup(req())).close();
      unchanged.push(performance.now() - t1);
    }
    return { afterEdit, unchanged };
  } finally {
    worker.terminate();
  }
}

async function run(opts: { moves: number; edits: number; sizes: number[] }): Promise<BenchResult> {
  const notes: string[] = [`devicePixelRatio ${window.devicePixelRatio}`, `stage ${host.clientWidth}x${host.clientHeight} CSS px`];
  const stages: StageRun[] = [];
  let first: (() => Editor) | null = null;
  for (const size of opts.sizes) {
    const { template, elements } = await buildBenchScene(size);
    const fresh = () => {
      const session = createEditor({ template });
      session.transact('scene', () => {
        for (const el of elements) session.addElement('front', el, { select: false });
      });
      return session;
    };
    first ??= fresh;
    const stage = await dragOnce(fresh(), false, opts.moves);
    const baseline = await dragOnce(fresh(), true, opts.moves);
    stages.push({ elements: elements.length, stage, baseline });
  }
  // The mockup after an edit, on the first (smallest) design.
  const mock = await mockupTimes((first as () => Editor)(), opts.edits);
  return { stages, mockupAfterEdit: mock.afterEdit, mockupUnchanged: mock.unchanged, notes };
}

(window as unknown as { editorBench: { run: typeof run } }).editorBench = { run };
(window as unknown as { podEditorBenchReady: boolean }).podEditorBenchReady = true;
