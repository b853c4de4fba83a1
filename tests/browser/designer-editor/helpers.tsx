/** Mounts the real stage (worker, transferred canvas, overlay) with an editor in the test page. */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { createImageElement, createTextElement, type CustomTemplate, type TemplateFlat } from '../../../engine/model/index.ts';
import type { Vec2 } from '../../../engine/geometry/index.ts';
import { createEditor, type Editor } from '../../../src/designer/editor/index.ts';
import { EditorStage, type StageClient } from '../../../src/designer/stage/index.ts';
import { LayersPanel } from '../../../src/designer/layers/LayersPanel.tsx';

/** One macrotask: React commits pointer-driven renders and valtio notifies its subscribers. */
const tick = () => new Promise((r) => setTimeout(r, 0));

export const FLAT = 400;

export function template(): CustomTemplate {
  const flat: TemplateFlat = {
    flatId: 'front',
    flatImageUrl: '',
    designList: [],
    flatData: {
      img: 1,
      text: 1,
      edit: 0,
      color: '#FFFFFF',
      style: '',
      styleList: [],
      width: FLAT,
      height: FLAT,
      flatWidth: 1500,
      flatHeight: 1500,
      customColor: 0,
      bg: 0,
      pageType: 'normal',
    },
  };
  return {
    customTemplateId: 't',
    flatList: [flat],
    viewList: [],
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: '',
    sectionType: null,
    templateData: null,
    color: null,
  };
}

export async function solidPng(w: number, h: number, color: string): Promise<string> {
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, w, h);
  return URL.createObjectURL(await c.convertToBlob({ type: 'image/png' }));
}

export async function redSquare(localId: string, left: number, top: number, size = 80) {
  return createImageElement({
    flatId: 'front',
    localId,
    url: await solidPng(size, size, '#ff0000'),
    fileName: `${localId}.png`,
    originalWidth: size,
    originalHeight: size,
    left,
    top,
  });
}

export const textEl = (localId: string, text: string, left: number, top: number) =>
  createTextElement({ flatId: 'front', localId, text, left, top, fontSize: 60, fill: '#0000FF', fontFamily: 'Comfortaa Bold' });

export interface Mounted {
  session: Editor;
  client: StageClient;
  viewport: HTMLElement;
  host: HTMLElement;
  /** Flat px → client (page) px, from the print-area outline the overlay draws. */
  toClient(p: Vec2): Vec2;
  /** Waits until the worker has drawn the editor's current state. */
  settle(): Promise<void>;
  /** RGBA at a flat point of what the merchant sees: the stage canvas over the print area's colour. */
  pixelAt(p: Vec2): Promise<[number, number, number, number]>;
  unmount(): void;
}

export async function mountStage(session = createEditor({ template: template() })): Promise<Mounted> {
  const host = document.createElement('div');
  // The test page is 414 px wide (vitest's default viewport): stage above, layers below.
  host.style.cssText = 'position:fixed;left:0;top:0;width:400px;height:880px;display:flex;flex-direction:column;gap:8px;background:#fff';
  document.body.append(host);
  let client: StageClient | null = null;
  const root: Root = createRoot(host);
  // Strict mode as the app runs it: effects mount twice, and the stage must survive that.
  root.render(
    <StrictMode>
      <div style={{ width: 400, height: 520 }}>
        <EditorStage editor={session} flatLabel="Front" clientRef={(c) => void (client = c ?? client)} />
      </div>
      <div style={{ width: 400 }}>
        <LayersPanel editor={session} />
      </div>
    </StrictMode>,
  );
  await vi.waitFor(() => {
    if (!client) throw new Error('stage not started');
  });
  const viewport = host.querySelector<HTMLElement>('[role="application"]')!;
  const toClient = (p: Vec2): Vec2 => {
    const pts = host
      .querySelector('[data-testid="print-area"]')!
      .getAttribute('points')!
      .split(' ')
      .map((s) => s.split(',').map(Number) as [number, number]);
    const [tl, tr] = pts as [[number, number], [number, number]];
    const zoom = (tr[0] - tl[0]) / FLAT;
    const rect = viewport.getBoundingClientRect();
    return [rect.left + tl[0] + p[0] * zoom, rect.top + tl[1] + p[1] * zoom];
  };
  const settle = async () => {
    await tick();
    await client!.idle();
  };
  const pixelAt = async (p: Vec2): Promise<[number, number, number, number]> => {
    await settle();
    const bitmap = await client!.capture();
    const rect = viewport.getBoundingClientRect();
    const [cx, cy] = toClient(p);
    const k = bitmap.width / rect.width;
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(host.querySelector('.editor-stage__flat')!).backgroundColor;
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(Math.round((cx - rect.left) * k), Math.round((cy - rect.top) * k), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]!];
  };
  return {
    session,
    client: client!,
    viewport,
    host,
    toClient,
    settle,
    pixelAt,
    unmount: () => {
      root.unmount();
      host.remove();
    },
  };
}

let pointerId = 10;

/** A pointer drag through real PointerEvents: down on what is under `from`, moves in `steps`, up. */
export async function drag(
  from: Vec2,
  to: Vec2,
  opts: { steps?: number; shiftKey?: boolean; altKey?: boolean; button?: number } = {},
): Promise<void> {
  const id = ++pointerId;
  const target = document.elementFromPoint(from[0], from[1]);
  if (!target) throw new Error(`nothing at ${from}`);
  const init = (p: Vec2, buttons: number): PointerEventInit => ({
    pointerId: id,
    pointerType: 'mouse',
    isPrimary: true,
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: p[0],
    clientY: p[1],
    button: opts.button ?? 0,
    buttons,
    shiftKey: !!opts.shiftKey,
    altKey: !!opts.altKey,
  });
  target.dispatchEvent(new PointerEvent('pointerdown', init(from, 1)));
  await tick();
  const steps = opts.steps ?? 8;
  for (let i = 1; i <= steps; i++) {
    const p: Vec2 = [from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps];
    target.dispatchEvent(new PointerEvent('pointermove', init(p, 1)));
    await tick();
  }
  target.dispatchEvent(new PointerEvent('pointerup', init(to, 0)));
  await tick();
}

/** Dispatches a pointer down + move (no up) so tests can look at the overlay mid-drag; returns the up. */
export async function dragHold(from: Vec2, to: Vec2, opts: { altKey?: boolean } = {}): Promise<() => Promise<void>> {
  const id = ++pointerId;
  const target = document.elementFromPoint(from[0], from[1])!;
  const init = (p: Vec2, buttons: number): PointerEventInit => ({
    pointerId: id,
    pointerType: 'mouse',
    isPrimary: true,
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: p[0],
    clientY: p[1],
    button: 0,
    buttons,
    altKey: !!opts.altKey,
  });
  target.dispatchEvent(new PointerEvent('pointerdown', init(from, 1)));
  await tick();
  for (let i = 1; i <= 4; i++) {
    const p: Vec2 = [from[0] + ((to[0] - from[0]) * i) / 4, from[1] + ((to[1] - from[1]) * i) / 4];
    target.dispatchEvent(new PointerEvent('pointermove', init(p, 1)));
    await tick();
  }
  return async () => {
    target.dispatchEvent(new PointerEvent('pointerup', init(to, 0)));
    await tick();
  };
}

export const isRed = (px: readonly number[]) => px[0]! > 200 && px[1]! < 60 && px[2]! < 60 && px[3]! > 200;
export const isWhite = (px: readonly number[]) => px[0]! > 230 && px[1]! > 230 && px[2]! > 230 && px[3]! > 200;
