/**
 * The site a window lands on: phones on the mobile site before anything renders, wide windows on
 * the desktop one; pages without a mobile variant stay where they are on both.
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { chooseSite, mobileHref, siteLinks, siteMove, sitePathFor } from '../../../src/routes/site';
import { mobileHostRoutes } from '../../../src/routes/mobile-host';

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
        location: { href: url.href, replace: (to: string) => calls.push(`replace ${to}`) } as unknown as Location,
        history: { state: null, replaceState: (_s: unknown, _t: string, to: string) => calls.push(to) } as unknown as History,
        matchMedia: (query: string) => ({ matches: narrow && query === '(max-width: 768px)' }) as MediaQueryList,
      },
    };
  };

  it('rewrites the address of a phone on a desktop page, keeping its query and hash', () => {
    const { win, calls } = windowAt('https://pod.example/all-products?page=2#grid', true);
    chooseSite(win, null);
    expect(calls).toEqual(['/mobile/all-products?page=2#grid']);
  });

  it('sends a phone to the configured mobile host by a replacing navigation', () => {
    const { win, calls } = windowAt('https://pod.example/login', true);
    chooseSite(win, 'm.pod.example');
    expect(calls).toEqual(['replace https://m.pod.example/login']);
  });

  it('does nothing on a wide window at a desktop page', () => {
    const { win, calls } = windowAt('https://pod.example/all-products', false);
    chooseSite(win, null);
    expect(calls).toEqual([]);
  });
});

describe('the mobile host', () => {
  const at = (href: string) => new URL(href);

  it('serves mobile pages at the root: a /mobile address there loses its prefix in place', () => {
    expect(siteMove(at('https://m.pod.example/mobile/login?next=1'), true, null)).toEqual({ path: '/login?next=1' });
    expect(siteMove(at('https://m.pod.example/all-products'), true, null)).toBeNull();
  });

  it('sends a wide window on the mobile host to the desktop host, same page', () => {
    expect(siteMove(at('https://m.pod.example/all-products?page=2'), false, null)).toEqual({
      href: 'https://pod.example/all-products?page=2',
    });
  });

  it('sends a phone on the desktop host to the mobile host when one is configured, else under /mobile', () => {
    expect(siteMove(at('https://pod.example/contact-us'), true, 'm.pod.example')).toEqual({ href: 'https://m.pod.example/contact-us' });
    expect(siteMove(at('https://pod.example/contact-us'), true, null)).toEqual({ path: '/mobile/contact-us' });
    // Pages without a mobile variant stay on the desktop host.
    expect(siteMove(at('https://pod.example/orders'), true, 'm.pod.example')).toBeNull();
  });

  it('links mobile pages at the root on the mobile host and under /mobile elsewhere', () => {
    expect(mobileHref('/login', 'm.pod.example')).toBe('/login');
    expect(mobileHref('/login', 'pod.example')).toBe('/mobile/login');
    expect(mobileHref('/', 'pod.example')).toBe('/mobile');
  });

  it('puts the mobile pages at the root of the route table, ahead of the shared ones', () => {
    const table: RouteObject[] = [
      { path: '/login', id: 'desktop-login' },
      { path: '/mobile', children: [{ id: 'mobile-layout', children: [{ path: 'login', id: 'mobile-login' }] }] },
      { path: '/orders', id: 'orders' },
    ];
    expect(mobileHostRoutes(table).map((r) => r.id)).toEqual(['mobile-layout', 'desktop-login', 'orders']);
  });
});

describe('siteLinks', () => {
  it('names the desktop page canonical and the mobile variant as its alternate, from either site', () => {
    expect(siteLinks(new URL('https://pod.example/mobile/login'), null)).toEqual({
      canonical: 'https://pod.example/login',
      mobile: 'https://pod.example/mobile/login',
    });
    expect(siteLinks(new URL('https://m.pod.example/login'), null)).toEqual({
      canonical: 'https://pod.example/login',
      mobile: 'https://m.pod.example/login',
    });
    expect(siteLinks(new URL('https://pod.example/login'), 'm.pod.example')).toEqual({
      canonical: 'https://pod.example/login',
      mobile: 'https://m.pod.example/login',
    });
    expect(siteLinks(new URL('https://pod.example/orders'), null)).toEqual({ canonical: 'https://pod.example/orders', mobile: null });
  });
});
