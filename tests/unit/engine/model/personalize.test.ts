/** Personalisation: the rule's schema and its fit to the element, the check of a buyer's values, the substitution and the summary. */
import { describe, expect, it } from 'vitest';
import {
  checkPersonalValues,
  personalFields,
  personalizeDesign,
  personalSummary,
  unwrap,
  validateDesignElement,
  validateSkuDesign,
  type SkuDesign,
  type TextElement,
  type ImageElement,
} from '../../../../engine/model/index.ts';

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text',
  flatId: 'front',
  localId: 'name',
  left: 400,
  top: 300,
  width: 200,
  height: 50,
  originX: 'center',
  originY: 'center',
  text: 'Your name',
  fontFamily: 'Roboto',
  fill: '#111111',
  ...extra,
});
const image = (extra: Record<string, unknown> = {}) => ({
  type: 'image',
  flatId: 'front',
  localId: 'photo',
  left: 100,
  top: 100,
  width: 200,
  height: 100,
  originalWidth: 200,
  originalHeight: 100,
  url: 'https://shop.example/files/merchant.png',
  ...extra,
});

function design(...elements: Record<string, unknown>[]): SkuDesign {
  return unwrap(validateSkuDesign({ id: 'd1', flatDesignList: [{ flatId: 'front', designList: elements }] }));
}

const ours = (url: string) => url.startsWith('https://pod.example/prod-api/buyer/');

describe('the personalize rule', () => {
  it('is absent on elements nobody marked, and gets its defaults when marked', () => {
    const plain = unwrap(validateDesignElement(text()));
    expect('personalize' in plain).toBe(false);
    const marked = unwrap(validateDesignElement(text({ personalize: { label: ' Name ', kind: 'input' } })));
    expect(marked.personalize).toEqual({
      label: 'Name',
      required: false,
      kind: 'input',
      maxLength: 30,
      fonts: [],
      colors: [],
      options: [],
    });
  });

  it('refuses bad limits with the path and the reason', () => {
    const bad = (personalize: unknown, el = text) => validateDesignElement(el({ personalize }));
    expect(bad({ label: '', kind: 'input' })).toMatchObject({ ok: false, reason: expect.stringContaining('personalize.label') });
    expect(bad({ label: 'x'.repeat(61), kind: 'input' })).toMatchObject({ ok: false, reason: expect.stringContaining('at most 60') });
    expect(bad({ label: 'Name', kind: 'input', maxLength: 0 })).toMatchObject({ ok: false, reason: expect.stringContaining('maxLength') });
    expect(bad({ label: 'Name', kind: 'input', maxLength: 1.5 })).toMatchObject({ ok: false });
    expect(bad({ label: 'Name', kind: 'input', colors: ['red'] })).toMatchObject({
      ok: false,
      reason: 'personalize.colors[0]: bad hex colour "red"',
    });
    expect(bad({ label: 'Name', kind: 'magic' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unknown personalisation kind'),
    });
    expect(bad({ label: 'Pick', kind: 'choice', options: [{ label: 'One', text: 'One' }] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at least 2 options'),
    });
  });

  it('must fit its element: text choices offer texts or colours, picture choices pictures', () => {
    const pic = { url: 'https://x.example/a.png', width: 10, height: 10 };
    expect(
      validateDesignElement(text({ personalize: { label: 'P', kind: 'choice', options: [{ label: 'A' }, { label: 'B', text: 'B' }] } })),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('a text or a colour'),
    });
    expect(
      validateDesignElement(
        image({
          personalize: {
            label: 'P',
            kind: 'choice',
            options: [
              { label: 'A', image: pic },
              { label: 'B', text: 'B' },
            ],
          },
        }),
      ),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('picture choice offers pictures') });
    expect(validateDesignElement(image({ personalize: { label: 'P', kind: 'input', fonts: ['Roboto'] } }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('text elements only'),
    });
    expect(
      validateDesignElement(
        image({
          personalize: {
            label: 'P',
            kind: 'choice',
            options: [
              { label: 'A', image: pic },
              { label: 'B', image: pic },
            ],
          },
        }),
      ).ok,
    ).toBe(true);
  });

  it('round-trips through the saved JSON unchanged', () => {
    const d = design(text({ personalize: { label: 'Name', kind: 'input', required: true, maxLength: 12, colors: ['#ff0000'] } }));
    const again = unwrap(validateSkuDesign(JSON.parse(JSON.stringify(d))));
    expect(again).toEqual(d);
    expect(personalFields(again)).toEqual([
      expect.objectContaining({ localId: 'name', elementType: 'text', designed: 'Your name', font: 'Roboto', color: '#111111' }),
    ]);
  });
});

describe("a buyer's values", () => {
  const d = design(
    text({ personalize: { label: 'Name', kind: 'input', required: true, maxLength: 8, fonts: ['Lobster'], colors: ['#FF0000'] } }),
    text({
      localId: 'colour',
      text: 'Hi',
      personalize: {
        label: 'Colour',
        kind: 'choice',
        options: [
          { label: 'Red', color: '#FF0000' },
          { label: 'Love', text: 'Love' },
        ],
      },
    }),
    image({ personalize: { label: 'Photo', kind: 'input' } }),
  );

  it('are checked against each limit with a message naming the field', () => {
    const check = (v: unknown) => checkPersonalValues(d, v, ours);
    expect(check({})).toMatchObject({ ok: false, reason: '"Name" is required' });
    expect(check({ name: { text: '   ' } })).toMatchObject({ ok: false, reason: '"Name" is required' });
    expect(check({ name: { text: 'Alexandra' } })).toMatchObject({ ok: false, reason: '"Name" is longer than 8 characters' });
    expect(check({ name: { text: 'Ann', font: 'Comic' } })).toMatchObject({ ok: false, reason: '"Name": that typeface is not offered' });
    expect(check({ name: { text: 'Ann', color: '#00FF00' } })).toMatchObject({ ok: false, reason: '"Name": that colour is not offered' });
    expect(check({ name: { text: 'A\u0000b' } })).toMatchObject({ ok: false, reason: expect.stringContaining('cannot be printed') });
    expect(check({ name: { text: 'Ann' }, colour: { option: 2 } })).toMatchObject({
      ok: false,
      reason: '"Colour": pick one of the 2 options',
    });
    expect(check({ name: { text: 'Ann' }, photo: { image: { url: 'https://evil.example/x.png', width: 5, height: 5 } } })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('uploaded through the personaliser'),
    });
    expect(check({ name: { text: 'Ann' }, other: { text: 'x' } })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('does not have'),
    });
    expect(check('Ann')).toMatchObject({ ok: false });
  });

  it('count characters as the buyer sees them and keep only what was filled in', () => {
    const ok = checkPersonalValues(d, { name: { text: '😀😀😀😀😀😀😀😀', font: 'Roboto', color: '#ff0000' }, colour: {} }, ours);
    expect(ok).toEqual({ ok: true, value: { name: { text: '😀😀😀😀😀😀😀😀', font: 'Roboto', color: '#FF0000' } } });
  });

  it('are put into a copy of the design: texts, typefaces, colours, options and pictures', () => {
    const values = unwrap(
      checkPersonalValues(
        d,
        {
          name: { text: 'Ann\nBo', font: 'Lobster', color: '#FF0000' },
          colour: { option: 1 },
          photo: { image: { url: 'https://pod.example/prod-api/buyer/p.png', width: 100, height: 100 } },
        },
        ours,
      ),
    );
    const out = personalizeDesign(d, values);
    const [name, colour, photo] = out.flatDesignList[0]!.designList as [TextElement, TextElement, ImageElement];
    expect(name).toMatchObject({ text: 'Ann\nBo', textLines: ['Ann', 'Bo'], fontFamily: 'Lobster', fill: '#FF0000', left: 400, top: 300 });
    expect(colour).toMatchObject({ text: 'Love', fill: '#111111' });
    // A square picture fits the 200x100 box whole (contain: 100x100) about the same centre (200, 150).
    expect(photo).toMatchObject({ url: 'https://pod.example/prod-api/buyer/p.png', originalWidth: 100, width: 100, scaleX: 1, scaleY: 1 });
    expect(photo.left + (photo.width * photo.scaleX) / 2).toBe(200);
    expect(photo.top + (photo.height * photo.scaleY) / 2).toBe(150);
    // The input design is untouched, and the substituted one is still a valid document.
    expect((d.flatDesignList[0]!.designList[0] as TextElement).text).toBe('Your name');
    expect(validateSkuDesign(JSON.parse(JSON.stringify(out))).ok).toBe(true);
    expect(personalSummary(d, values)).toEqual([
      { label: 'Name', value: 'Ann\nBo (Lobster, #FF0000)' },
      { label: 'Colour', value: 'Love' },
      { label: 'Photo', value: 'uploaded picture' },
    ]);
  });

  it('leave fields without a value as designed', () => {
    const out = personalizeDesign(d, { name: { text: 'Zoe' } });
    expect((out.flatDesignList[0]!.designList[1] as TextElement).text).toBe('Hi');
    expect((out.flatDesignList[0]!.designList[2] as ImageElement).url).toBe('https://shop.example/files/merchant.png');
  });
});
