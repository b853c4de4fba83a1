import { defineConfig } from 'vitest/config';
import { existsSync, readdirSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

const hasBrowserTests =
  existsSync('tests/browser') &&
  readdirSync('tests/browser', { recursive: true }).some((f) => String(f).endsWith('.test.ts') || String(f).endsWith('.test.tsx'));

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // The CLIs through headless Chromium (slow to start: kept out of the unit project).
      { test: { name: 'cli', include: ['tests/cli/**/*.test.ts'], environment: 'node', testTimeout: 180_000, fileParallelism: false } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Suites share one PostgreSQL server when TEST_DATABASE_URL is set; each makes its own database.
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server and walks the whole route table in a few tests.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          // Two files at once even on 2 cores (the default would be one): each waits on its
          // server's answers about half the time, so the suite takes about 70 s instead of 120 s.
          maxWorkers: 2,
        },
      },
      ...(hasBrowserTests
        ? [
            {
              optimizeDeps: {
                include: [
                  'comlink',
                  'twgl.js',
                  'pixi.js',
                  'pixi.js/unsafe-eval',
                  'gl-matrix',
                  'bezier-js',
                  'ag-psd',
                  'react',
                  'react/jsx-dev-runtime',
                  'react-dom/client',
                  'react-router-dom',
                  'valtio',
                  'valtio/utils',
                  // The UI kit's primitives: found only when a test imports them, they would make
                  // Vite re-bundle and reload the page under the running tests.
                  '@radix-ui/react-dialog',
                  '@radix-ui/react-dropdown-menu',
                  '@radix-ui/react-popover',
                  '@radix-ui/react-tabs',
                  '@radix-ui/react-tooltip',
                ],
              },
              test: {
                name: 'browser',
                include: ['tests/browser/**/*.test.{ts,tsx}'],
                testTimeout: 60_000,
                browser: {
                  enabled: true,
                  headless: true,
                  instances: [{ browser: 'chromium' as const }],
                  provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
                },
              },
            },
          ]
        : []),
    ],
  },
});
