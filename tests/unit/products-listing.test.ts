/** The My products / My templates list state in the address, and the details page's colour groups. */
import { describe, expect, it } from 'vitest';
import { detailsHref, imagesByColour, listHref, pageCount, readListState, toggled } from '../../src/pages/products/listing';

describe('list state in the address', () => {
  it('reads keyword, page and size with safe defaults', () => {
    expect(readListState(new URLSearchParams(''))).toEqual({ keyword: '', page: 1, size: 15 });
    expect(readListState(new URLSearchParams('keyword=%20tee%20&page=3&size=5'))).toEqual({ keyword: 'tee', page: 3, size: 5 });
    // Sizes outside the page-size choices (5, 10, 15, 25) and nonsense pages fall back to the defaults.
    expect(readListState(new URLSearchParams('page=-2&size=7'))).toEqual({ keyword: '', page: 1, size: 15 });
    expect(readListState(new URLSearchParams('page=1.5&size=abc'))).toEqual({ keyword: '', page: 1, size: 15 });
  });
  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(listHref('products', { keyword: '', page: 1, size: 15 })).toBe('/my-products');
    const href = listHref('templates', { keyword: 'red & blue', page: 2, size: 25 });
    expect(href).toBe('/my-templates?keyword=red+%26+blue&page=2&size=25');
    expect(readListState(new URLSearchParams(href.split('?')[1]))).toEqual({ keyword: 'red & blue', page: 2, size: 25 });
  });
  it('counts pages, at least one', () => {
    expect([pageCount(0, 15), pageCount(15, 15), pageCount(16, 15), pageCount(26, 5)]).toEqual([1, 1, 2, 6]);
  });
  it('links details by kind', () => {
    expect(detailsHref('products', 7)).toBe('/my-products/details/7');
    expect(detailsHref('templates', 8)).toBe('/my-templates/details/8');
  });
  it('toggles a selection', () => {
    expect(toggled([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggled([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('imagesByColour', () => {
  it('groups views by colour in render order', () => {
    const img = (colorValue: string, colorName: string, viewId: string) => ({ colorValue, colorName, viewId });
    const groups = imagesByColour([img('#FFF', 'White', 'front'), img('#000', 'Black', 'front'), img('#FFF', 'White', 'back')]);
    expect(groups.map((g) => [g.colorName, g.images.map((i) => i.viewId)])).toEqual([
      ['White', ['front', 'back']],
      ['Black', ['front']],
    ]);
  });
});
