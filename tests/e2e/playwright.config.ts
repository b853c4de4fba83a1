import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { E2E_CLIENT_DIR, E2E_DATA_DIR, E2E_OPS_TOKEN, E2E_PORT } from './env';
import { shopsServerEnv } from './shops-env';
import { paymentsServerEnv } from './payments-env';

/** e2e against the built app (dist/) served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // visual.spec.ts's baselines, committed: one folder, named by page and viewport only (no OS or
    // browser in the name: they are made and compared on the same Linux Chromium as the suite).
    toHaveScreenshot: { pathTemplate: '{testDir}/visual-baselines/{arg}{ext}' },
  },
  workers: 1,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    // A fresh embedded database each run; wiped here because Playwright starts the server before globalSetup.
    command: `rm -rf '${E2E_DATA_DIR}' && npx tsx server/main.ts`,
    cwd: '../..',
    url: `http://127.0.0.1:${E2E_PORT}/prod-api/health`,
    // First start generates the demo catalogue (~30 s alone, minutes on a loaded 2-core machine).
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      CAPTCHA: 'off',
      DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: E2E_CLIENT_DIR,
      OPS_TOKEN: E2E_OPS_TOKEN,
      // As behind a proxy: sign-ups made through the API pool come from addresses of their own (merchants.ts).
      TRUST_PROXY: '1',
      ...shopsServerEnv,
      ...paymentsServerEnv,
    },
  },
});
