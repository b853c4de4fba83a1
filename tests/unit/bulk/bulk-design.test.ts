/** A bulk product's design document and the job's bookkeeping (src/bulk/model). */
import { describe, expect, it } from 'vitest';
import { validTemplate } from '../engine/model/fixtures';
import { validateSkuDesign } from '../../../engine/model/index.ts';
import { bulkDesign, type DesignSource } from '../../../src/bulk/model/design';
import {
  newItem,
  progressOf,
  resumable,
  retryFailed,
  secondsLeft,
  selectionFor,
  toRender,
  type BulkJob,
} from '../../../src/bulk/model/job';

const image: DesignSource = { kind: 'image', url: '/files/u1/rose.png', width: 600, height: 600, fileName: 'rose.png' };
const text: DesignSource = { kind: 'text', text: 'Hello', fill: '#112233', fontFamily: 'Comfortaa', width: 240, height: 113 };

describe('bulkDesign', () => {
  it("puts the designs on the product's first print area only, unless told otherwise, as a valid document", () => {
    const template = validTemplate();
    const template0 = template.flatList.map((f) => f.designList.length);
    const d = bulkDesign({ template, designs: [image, text], areas: {} });
    expect(validateSkuDesign(d, template).ok).toBe(true);
    const front = d.flatDesignList.find((f) => f.flatId === 'front')!;
    const back = d.flatDesignList.find((f) => f.flatId === 'back')!;
    expect(front.designList.length - template0[0]!).toBe(2);
    expect(back.designList.length).toBe(template0[1]);
    const [img, txt] = front.designList.slice(-2);
    expect(img).toMatchObject({ type: 'image', url: image.kind === 'image' ? image.url : '', originX: 'center', originY: 'center' });
    expect(txt).toMatchObject({ type: 'text', text: 'Hello', fill: '#112233' });
    // Stacked: the text sits below the image.
    expect(txt!.top).toBeGreaterThan(img!.top);
  });

  it('prints on every area the merchant ticks, only the kinds of design each area takes', () => {
    const template = validTemplate();
    const d = bulkDesign({
      template,
      designs: [image, text],
      areas: { front: { print: false, mode: 'fit', anchor: 'center' }, back: { print: true, mode: 'fill', anchor: 'top' } },
    });
    const back = d.flatDesignList.find((f) => f.flatId === 'back')!;
    // The back takes images but no text.
    expect(back.designList.filter((e) => e.type === 'image' && e.url === '/files/u1/rose.png')).toHaveLength(1);
    expect(back.designList.some((e) => e.type === 'text' && e.text === 'Hello')).toBe(false);
    expect(
      d.flatDesignList.find((f) => f.flatId === 'front')!.designList.some((e) => e.type === 'image' && e.url === '/files/u1/rose.png'),
    ).toBe(false);
  });

  it('gives every view the background', () => {
    const template = validTemplate();
    const d = bulkDesign({ template, designs: [], areas: {}, background: { kind: 'colour', color: '#F4E1C1' } });
    expect(d.BGDesignList.map((b) => b.viewId)).toEqual(template.viewList.map((v) => v.viewId));
    expect(d.BGDesignList.every((b) => b.BGType === '1' && b.color === '#F4E1C1' && b.visible)).toBe(true);
    expect(validateSkuDesign(d, template).ok).toBe(true);
  });
});

const job = (items: BulkJob['items']): BulkJob => ({
  id: 'j',
  userId: 1,
  kind: 'design',
  createdAt: 0,
  designName: 'Rose',
  titleTemplate: '{design} {product}',
  colours: 'first',
  designs: [image],
  background: null,
  areas: {},
  items,
  rejected: [],
});

describe('the bulk job', () => {
  it('after a reload puts a product cut off mid-render back in the queue and keeps what finished', () => {
    const j = resumable(
      job([
        newItem('a', 1, 'A', { state: 'rendered', done: 2, total: 2, images: [{ url: '/x.jpg', viewId: 'front' }] }),
        newItem('b', 2, 'B', { state: 'rendering', done: 1, total: 2, images: [{ url: '/y.jpg', viewId: 'front' }] }),
        newItem('c', 3, 'C'),
      ]),
    );
    expect(j.items.map((it) => it.state)).toEqual(['rendered', 'pending', 'pending']);
    expect(j.items[0]!.images).toHaveLength(1);
    expect(j.items[1]!.images).toHaveLength(0);
    expect(toRender(j).map((it) => it.key)).toEqual(['b', 'c']);
  });

  it('counts mockups and products, and retries the failed ones', () => {
    const j = job([
      newItem('a', 1, 'A', { state: 'saved', done: 3, total: 3 }),
      newItem('b', 2, 'B', { state: 'rendering', done: 1, total: 2 }),
      newItem('c', 3, 'C', { state: 'failed', error: 'Upload failed', done: 0, total: 2 }),
    ]);
    expect(progressOf(j)).toEqual({ finished: 1, failed: 1, total: 3, mockupsDone: 4, mockupsTotal: 7 });
    const again = retryFailed(j);
    expect(again.items[2]).toMatchObject({ state: 'pending', error: null });
  });

  it('makes a product in its own picks, else all values with only the first colour unless told every colour', () => {
    const options = [
      { isColor: true, values: [{ name: 'White' }, { name: 'Black' }] },
      { isColor: false, values: [{ name: 'S' }, { name: 'M' }] },
    ];
    expect(selectionFor(options, [], 'first')).toEqual([['White'], ['S', 'M']]);
    expect(selectionFor(options, [], 'all')).toEqual([
      ['White', 'Black'],
      ['S', 'M'],
    ]);
    expect(selectionFor(options, [['Black'], ['M', 'XXL']], 'first')).toEqual([['Black'], ['M']]);
  });

  it('estimates the time left from the pace so far', () => {
    expect(secondsLeft(10, 0, 5000)).toBeNull();
    expect(secondsLeft(10, 4, 8000)).toBe(20);
  });
});
