/** The renderer in a module worker on an OffscreenCanvas: ImageBitmap and JPEG back, 'stop render' across the boundary. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isStopRender } from '../../../engine/render/mockup/index.ts';
import { checker, imageDataOf, productPhoto, px, smartObject, view } from './helpers.ts';

let worker: Worker;
let nextId = 1;
const pending = new Map<number, (data: Record<string, unknown>) => void>();

beforeAll(() => {
  worker = new Worker(new URL('./fixtures/render-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<Record<string, unknown> & { id: number }>) => pending.get(e.data.id)?.(e.data);
});

afterAll(() => worker.terminate());

async function request(options: Record<string, unknown>, jpeg = false): Promise<Record<string, unknown>> {
  const id = nextId++;
  const photo = await productPhoto();
  const flat = await checker(100, 100, 25);
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage(
      { id, photo, jpeg, options: { view: view([smartObject({ matrix: [1, 0, 0, 1, 78, 78] })]), flats: { front: flat }, ...options } },
      [photo, flat],
    );
  });
}

test('renders an ImageBitmap in a worker and transfers it back', async () => {
  const reply = await request({});
  const bitmap = reply['bitmap'];
  expect(bitmap).toBeInstanceOf(ImageBitmap);
  const img = imageDataOf(bitmap as ImageBitmap, 256, 256);
  expect(px(img, 80, 80)).toEqual([255, 0, 0, 255]);
  expect(px(img, 110, 80)).toEqual([0, 0, 255, 255]);
  expect(px(img, 5, 5)).toEqual([255, 255, 255, 255]);
});

test('encodes a JPEG in a worker', async () => {
  const reply = await request({ size: 128 }, true);
  const blob = reply['blob'] as Blob;
  expect(blob.type).toBe('image/jpeg');
  const decoded = await createImageBitmap(blob);
  expect([decoded.width, decoded.height]).toEqual([128, 128]);
});

test('a stale render in the worker rejects with stop render, seen by the page', async () => {
  const [older, newer] = await Promise.all([request({ target: 'v', renderId: 1 }), request({ target: 'v', renderId: 2 })]);
  expect(isStopRender(older['error'])).toBe(true);
  expect(newer['bitmap']).toBeInstanceOf(ImageBitmap);
});
