import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/routes/safe-redirect';

describe('safeRedirect', () => {
  it('follows paths of this site, with their query and hash', () => {
    expect(safeRedirect('/orders')).toBe('/orders');
    expect(safeRedirect('/design/12?color=red#front')).toBe('/design/12?color=red#front');
    expect(safeRedirect('/a/../orders')).toBe('/orders');
  });

  it('falls back for nothing, relative paths and absolute URLs', () => {
    for (const t of [null, '', 'orders', 'https://evil.example/', 'javascript:alert(1)', 'data:text/html,x', '?x=1'])
      expect(safeRedirect(t, '/home')).toBe('/home');
  });

  it('refuses every form a browser reads as another host', () => {
    const forms = [
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\u0000/evil.example',
      ' //evil.example',
    ];
    for (const t of forms) expect(safeRedirect(t)).toBe('/dashboard');
  });

  it('keeps an encoded slash or backslash as part of the path, where the browser keeps it too', () => {
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeRedirect('/%5Cevil.example')).toBe('/%5Cevil.example');
  });
});
