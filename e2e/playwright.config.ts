import { defineConfig } from '@playwright/test';
import {
  databaseFile,
  databaseUrl,
  decisionsKey,
  homeDeliveryKey,
  origin as baseURL,
  port,
  repoRoot,
  scaledDatabaseUrl,
  scaledEnabled,
  scaledOrigin,
  scaledPort,
} from './server';

/** Debian's Chromium: nothing here downloads a browser. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the spec servers run with, beside their database and address. */
const SPEC_SETTINGS = {
  MASTHEAD_RATE_LIMIT_PER_ADDRESS: '1000',
  // Every spec's cards come from one address: the per-address card limit would refuse them.
  MASTHEAD_CARD_ATTEMPTS_PER_ADDRESS: '1000',
  // Likewise every spec's comments and comments sign-ons.
  MASTHEAD_COMMENTS_PER_ADDRESS: '1000',
  MASTHEAD_COMMENT_SIGN_ONS_PER_ADDRESS: '1000',
  MASTHEAD_SEED_DEMO: 'true',
  // argon2id at its cheapest: the specs sign readers up and in by the hundred, and at the
  // recommended parameters each hash cost the shared machine a fifth of a second of CPU.
  MASTHEAD_PASSWORD_HASHING: 'minimal',
  // region.spec.ts: a visitor's country comes from this header, which specs send.
  MASTHEAD_COUNTRY_HEADER: 'X-Test-Country',
  // The decision rules' operator API: region.spec.ts adds an available-plans rule.
  MASTHEAD_DECISIONS_KEY: decisionsKey,
  MASTHEAD_HOME_DELIVERY_KEY: homeDeliveryKey,
};

export default defineConfig({
  testDir: '.',
  // e2e/tools/ holds the screenshot tour, run on demand by `npm run screenshots`.
  testMatch: process.env.SHOTS ? 'tools/*.spec.ts' : '*.spec.ts',
  testIgnore: process.env.SHOTS ? [] : ['tools/**'],
  globalSetup: './global-setup.ts',
  outputDir: `${repoRoot}var/e2e-results-${port}`,
  fullyParallel: true,
  // Three workers on the two cores: with two, a fifth of the cores sat idle while the tests
  // waited on the server, an animation or an assertion's next poll (199 s against 178 s for
  // the whole run; four workers took longer again).
  workers: 3,
  // One retry in CI, reported as flaky in the list: a test that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // One browser context per worker, reset between tests (Playwright clears its cookies,
    // cache, storage of every origin visited, routes, init scripts and extra pages). A new
    // context per test started a new renderer process for the first page of every test,
    // about a CPU-second each: a third of the run. Options a test sets with test.use (other
    // than the viewport) get a context of their own. What the reset leaves, and so no spec
    // may change during a test: permissions (grant them with test.use), geolocation,
    // offline mode and the context's extra headers.
    reuseContext: true,
    // A trace records every action's page and screenshots: a quarter of the run's CPU when
    // kept for every test. The retry of a failed test (CI) records one to look at.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // A fresh database for every run, with the demo content: the referral specs use the
      // demo tenant (test_masthead); no spec uses the demo readers' addresses.
      command: `sh -c 'mkdir -p var && rm -f ${databaseFile} ${databaseFile}-wal ${databaseFile}-shm && exec server/.venv/bin/python -m masthead.serve --port ${port}'`,
      cwd: repoRoot,
      env: { ...SPEC_SETTINGS, MASTHEAD_DATABASE_URL: databaseUrl, MASTHEAD_PUBLIC_URL: baseURL },
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...(scaledEnabled
      ? [
          {
            // The core journeys again, on two web processes and a job worker sharing
            // PostgreSQL and Redis (masthead/scaled.py, a fresh database every run).
            command: `server/.venv/bin/python -m masthead.scaled --fresh --web 2 --workers 1 --port ${scaledPort}`,
            cwd: repoRoot,
            env: {
              ...SPEC_SETTINGS,
              MASTHEAD_DATABASE_URL: scaledDatabaseUrl,
              MASTHEAD_PUBLIC_URL: scaledOrigin,
              MASTHEAD_LOG_FORMAT: 'text',
              // The shared Redis keeps rate-limit counts for a window: this run's are its own.
              MASTHEAD_REDIS_KEY_PREFIX: `masthead-e2e:${port}:${Date.now()}`,
            },
            url: `${scaledOrigin}/readyz`,
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
  projects: [
    { name: 'one-process' },
    ...(scaledEnabled ? [{ name: 'scaled', grep: /@journey/, use: { baseURL: scaledOrigin } }] : []),
  ],
});
