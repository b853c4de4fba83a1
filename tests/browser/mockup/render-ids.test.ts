/** Render ids: a newer render of the same target stops the older one with 'stop render'. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  RenderIdRegistry,
  StopRenderError,
  isStopRender,
  type MockupRenderer,
  type RenderTicket,
} from '../../../engine/render/mockup/index.ts';
import { checker, createRenderer, productPhoto, smartObject, view } from './helpers.ts';

let photo: ImageBitmap;
let flat: ImageBitmap;
let renderer: MockupRenderer;

beforeAll(async () => {
  photo = await productPhoto();
  flat = await checker(100, 100, 10);
  renderer = createRenderer({ photo });
});

afterAll(async () => {
  await renderer.dispose();
});

const scene = (n = 3) =>
  view(Array.from({ length: n }, (_, i) => smartObject({ matrix: [1, 0, 0, 1, 20 + 10 * i, 20 + 10 * i], blend: 5, opacity: 0.9 })));

async function outcome(p: Promise<unknown>): Promise<'resolved' | string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

test('an older render id rejects with stop render, the newer one resolves', async () => {
  const older = renderer.renderView({ view: scene(), flats: { front: flat }, target: 'v1', renderId: 1 });
  const newer = renderer.renderView({ view: scene(), flats: { front: flat }, target: 'v1', renderId: 2 });
  const [a, b] = await Promise.all([outcome(older), outcome(newer)]);
  expect(a).toBe('stop render');
  expect(b).toBe('resolved');
  await expect(older).rejects.toSatisfy(isStopRender);
  const bitmap = await newer;
  expect([bitmap.width, bitmap.height]).toEqual([256, 256]);
});

test('without explicit ids the latest call for a target wins', async () => {
  const calls = [1, 2, 3].map(() => outcome(renderer.renderView({ view: scene(), flats: { front: flat }, target: 'auto' })));
  expect(await Promise.all(calls)).toEqual(['stop render', 'stop render', 'resolved']);
});

test('a render id older than one already seen is stale from the start', async () => {
  await renderer.renderView({ view: scene(1), flats: { front: flat }, target: 'late', renderId: 10 });
  await expect(renderer.renderView({ view: scene(1), flats: { front: flat }, target: 'late', renderId: 9 })).rejects.toThrow('stop render');
});

test('renders of different targets do not stop each other', async () => {
  const a = renderer.renderView({ view: scene(), flats: { front: flat }, target: 'front', renderId: 1 });
  const b = renderer.renderView({ view: scene(), flats: { front: flat }, target: 'back', renderId: 1 });
  expect(await Promise.all([outcome(a), outcome(b)])).toEqual(['resolved', 'resolved']);
});

test('a newer render arriving between passes stops the older one mid-render', async () => {
  // A registry that lets a newer render of 'mid' arrive at the 6th check point, as a message
  // from the UI would. Check points: job start, after loading, queue turn, tile start, then one
  // before each layer: the 6th comes after the first layer was drawn and blended.
  class ArrivingRegistry extends RenderIdRegistry {
    checks = 0;
    override check(ticket: RenderTicket): void {
      if (ticket.target === 'mid' && ++this.checks === 6) this.begin('mid', ticket.renderId + 1);
      super.check(ticket);
    }
  }
  const ids = new ArrivingRegistry();
  const r = createRenderer({ photo }, { renderIds: ids });
  try {
    await expect(r.renderView({ view: scene(5), flats: { front: flat }, target: 'mid', renderId: 1 })).rejects.toThrow('stop render');
    expect(ids.checks).toBe(6);
    // The renderer is usable afterwards (targets were released, state reset).
    const ok = await r.renderViewToImageData({ view: scene(5), flats: { front: flat }, target: 'mid', renderId: 3 });
    expect(ok.width).toBe(256);
  } finally {
    await r.dispose();
  }
});

test('isStopRender recognises the error after structured cloning (worker boundary)', () => {
  const cloned: unknown = structuredClone(new StopRenderError());
  expect(cloned).not.toBeInstanceOf(StopRenderError);
  expect(isStopRender(cloned)).toBe(true);
  expect(isStopRender(new Error('other'))).toBe(false);
  expect(isStopRender('stop render')).toBe(false);
});

test('a disposed renderer rejects', async () => {
  const r = createRenderer({ photo });
  await r.dispose();
  await expect(r.renderView({ view: scene(1), flats: { front: flat } })).rejects.toThrow('disposed');
});
