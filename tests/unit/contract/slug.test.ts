import { describe, expect, it } from 'vitest';
import { productPath, slugify } from '../../../contract/slug';

describe('catalogue slugs', () => {
  it('gives the category URLs in use', () => {
    expect(slugify("Men's Clothing")).toBe('mens-clothing');
    expect(slugify('Hoodie & Jacket')).toBe('hoodie-jacket');
    expect(slugify("Women's Clothing")).toBe('womens-clothing');
    expect(slugify('T-shirt')).toBe('t-shirt');
    expect(slugify('Shoes & Socks')).toBe('shoes-socks');
    expect(slugify('Sports Shoes')).toBe('sports-shoes');
    expect(slugify('Kids & Baby')).toBe('kids-baby');
    expect(slugify('Fully Printing Hat')).toBe('fully-printing-hat');
    expect(slugify('Home Deco')).toBe('home-deco');
  });

  it('lower-cases, removes apostrophes and turns & and spaces into single dashes', () => {
    expect(slugify("  Kid's  Room &Bath ")).toBe('kids-room-bath');
    expect(slugify('A&B')).toBe('a-b');
    expect(slugify('Rock ’n’ Roll')).toBe('rock-n-roll');
  });

  it('builds product paths ending in details or the handle', () => {
    expect(productPath("Women's Clothing", 'T-shirt', 'classic-tee')).toBe('/all-products/womens-clothing/t-shirt/classic-tee');
    expect(productPath("Women's Clothing", 'T-shirt')).toBe('/all-products/womens-clothing/t-shirt/details');
  });
});
