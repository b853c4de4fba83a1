/** The home page's initial JavaScript as the build reports it (tools/build/initial-js.ts): the entry and its static imports only. */
import { describe, expect, it } from 'vitest';
import { formatInitialJs, initialChunks, type Manifest } from '../../../tools/build/initial-js';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js', '_http-c.js'],
    dynamicImports: ['src/pages/AuthPages.tsx', 'src/designer/dialog/DesignDialog.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_http-c.js': { file: 'assets/http-c.js', imports: ['_react-b.js', '_shared-d.js'] },
  '_shared-d.js': { file: 'assets/shared-d.js', imports: ['_http-c.js'] },
  'src/pages/AuthPages.tsx': { file: 'assets/AuthPages-e.js', isDynamicEntry: true, imports: ['_http-c.js', '_forms-f.js'] },
  '_forms-f.js': { file: 'assets/forms-f.js' },
  'src/designer/dialog/DesignDialog.tsx': { file: 'assets/DesignDialog-g.js', isDynamicEntry: true },
};

describe('initial chunks', () => {
  it('are the entry and everything it imports statically, once each, through cycles', () => {
    expect(initialChunks(manifest)).toEqual(['index.html', '_react-b.js', '_http-c.js', '_shared-d.js']);
  });

  it('leave out lazily loaded routes and what only they import', () => {
    const files = initialChunks(manifest).map((k) => manifest[k]!.file);
    expect(files).not.toContain('assets/AuthPages-e.js');
    expect(files).not.toContain('assets/forms-f.js');
    expect(files).not.toContain('assets/DesignDialog-g.js');
  });

  it('are reported against the budget', () => {
    const files = [{ file: 'a.js', bytes: 400_000, gzipBytes: 135_000 }];
    expect(formatInitialJs({ files, bytes: 400_000, gzipBytes: 135_000 })).toBe(
      'initial JS for /: 135.0 kB gzip (target ≤ 200.0 kB), 400.0 kB raw, 1 file: PASS',
    );
    expect(formatInitialJs({ files, bytes: 900_000, gzipBytes: 250_000 })).toMatch(/250\.0 kB gzip .*: MISS$/);
  });
});
