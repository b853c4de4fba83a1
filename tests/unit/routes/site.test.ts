/**
 * The site a window lands on: phones on the mobile site before anything renders, wide windows on
 * the desktop one; pages without a mobile variant stay where they are on both.
 */
import { describe, expect, it } from 'vitest';
import { chooseSite, sitePathFor, siteLinks } from '../../../src/routes/site';

describe('sitePathFor', () => {
  it('sends a narrow window to the mobile variant of a page that has one', () => {
    expect(sitePathFor('/', true)).toBe('/mobile');
    expect(sitePathFor('/all-products/details/12', true)).toBe('/mobile/all-products/details/12');
    expect(sitePathFor('/policy/privacy', true)).toBe('/mobile/policy/privacy');
  });

  it('leaves pages without a mobile variant, and pages already on the right site, alone', () => {
    expect(sitePathFor('/dashboard', true)).toBeNull();
    expect(sitePathFor('/mobile/login', true)).toBeNull();
    expect(sitePathFor('/login', false)).toBeNull();
  });

  it('brings a wide window back from the mobile site', () => {
    expect(sitePathFor('/mobile', false)).toBe('/');
    expect(sitePathFor('/mobile/contact-us', false)).toBe('/contact-us');
  });
});

describe('chooseSite', () => {
  const windowAt = (href: string, narrow: boolean) => {
    const calls: string[] = [];
    const url = new URL(href);
    return {
      calls,
      win: {
        location: url as unknown as Location,
        history: { state: null, replaceState: (_s: unknown, _t: string, to: string) => calls.push(to) } as unknown as History,
        matchMedia: (query: string) => ({ matches: narrow && query === '(max-width: 768px)' }) as MediaQueryList,
      },
    };
  };

  it('rewrites the address of a phone on a desktop page, keeping its query and hash', () => {
    const { win, calls } = windowAt('https://pod.example/all-products?page=2#grid', true);
    chooseSite(win);
    expect(calls).toEqual(['/mobile/all-products?page=2#grid']);
  });

  it('does nothing on a wide window at a desktop page', () => {
    const { win, calls } = windowAt('https://pod.example/all-products', false);
    chooseSite(win);
    expect(calls).toEqual([]);
  });
});

describe('siteLinks', () => {
  it('names the desktop page canonical and the mobile variant as its alternate, from either site', () => {
    expect(siteLinks('https://pod.example', '/mobile/login')).toEqual({
      canonical: 'https://pod.example/login',
      mobile: 'https://pod.example/mobile/login',
    });
    expect(siteLinks('https://pod.example', '/orders')).toEqual({ canonical: 'https://pod.example/orders', mobile: null });
  });
});
