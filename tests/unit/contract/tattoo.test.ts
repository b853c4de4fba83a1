/** How an ordered temporary tattoo is printed: the product's flag, the Size and Cut Line options. */
import { describe, expect, it } from 'vitest';
import { parseMillimetres, parseSizeInches, readTattooPrint, tattooPrintJob } from '../../../contract/tattoo';

describe('tattoo print options', () => {
  it('reads the tattoo flag of a product and nothing else', () => {
    expect(readTattooPrint({ archetype: 'temporary-tattoo', print: { kind: 'tattoo', cutOffsetMm: 1.5, dpi: 300 } })).toEqual({
      kind: 'tattoo',
      cutOffsetMm: 1.5,
      dpi: 300,
    });
    expect(readTattooPrint({ archetype: 'poster' })).toBeNull();
    expect(readTattooPrint({ print: { kind: 'tattoo', cutOffsetMm: -1 } })).toBeNull();
    expect(readTattooPrint({ print: { kind: 'sticker', cutOffsetMm: 1 } })).toBeNull();
    expect(readTattooPrint(null)).toBeNull();
    // A missing or silly dpi falls back to tattoo paper's 300.
    expect(readTattooPrint({ print: { kind: 'tattoo', cutOffsetMm: 2, dpi: 5 } })?.dpi).toBe(300);
  });

  it('parses sizes in inches and offsets in millimetres, refusing anything else', () => {
    expect(parseSizeInches('2 x 2 in')).toEqual({ widthIn: 2, heightIn: 2 });
    expect(parseSizeInches('3 x 4.5 in')).toEqual({ widthIn: 3, heightIn: 4.5 });
    expect(parseSizeInches('Large')).toBeNull();
    expect(parseSizeInches('0 x 2 in')).toBeNull();
    expect(parseMillimetres('1.5 mm')).toBe(1.5);
    expect(parseMillimetres('3mm')).toBe(3);
    expect(parseMillimetres('11 mm')).toBeNull();
    expect(parseMillimetres('3 cm')).toBeNull();
  });

  it("prints at the ordered variant's size and cut, else the print area's and the product's", () => {
    const info = { kind: 'tattoo' as const, cutOffsetMm: 1.5, dpi: 300 };
    const area = { widthIn: 3, heightIn: 3 };
    expect(tattooPrintJob(info, { 'Skin Tone': 'Fair Skin', Size: '2 x 2 in', 'Cut Line': '3 mm' }, area)).toEqual({
      widthIn: 2,
      heightIn: 2,
      dpi: 300,
      cutOffsetMm: 3,
      mirror: true,
      whiteToAlpha: true,
    });
    expect(tattooPrintJob(info, { 'Skin Tone': 'Fair Skin' }, area)).toMatchObject({ widthIn: 3, heightIn: 3, cutOffsetMm: 1.5 });
    expect(tattooPrintJob(info, { Size: 'odd', 'Cut Line': 'wide' }, area)).toMatchObject({ widthIn: 3, cutOffsetMm: 1.5 });
  });
});
