/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The API docs' Swagger UI (npm swagger-ui-dist) copied into the build as dist/docs/: the
 * server's /api/docs page loads them from /static/docs/, nothing from a third party.
 */
function apiDocsAssets(): Plugin {
  const files = ['swagger-ui-bundle.js', 'swagger-ui.css'];
  const require = createRequire(import.meta.url);
  return {
    name: 'masthead-api-docs-assets',
    apply: 'build',
    generateBundle() {
      for (const file of files) {
        const source = readFileSync(require.resolve(`swagger-ui-dist/${file}`));
        this.emitFile({ type: 'asset', fileName: `docs/${file}`, source });
      }
    },
  };
}

// The Python server serves web/dist/account.html for /account/*, web/dist/admin.html (the staff
// console) for /admin/*, and web/dist/* under /static/.
export default defineConfig({
  root: webRoot,
  base: '/static/',
  // Keep Vite's and Vitest's caches in the repository's node_modules, not a second one in web/.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite', import.meta.url)),
  plugins: [react(), apiDocsAssets()],
  resolve: {
    // The referral widget library as an ES module from its sources: Vite bundles it into a
    // lazy chunk of the referral pages (see src/account/referrals/widgetLibrary.ts).
    alias: { '@masthead/widget': fileURLToPath(new URL('../widget/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        account: fileURLToPath(new URL('account.html', import.meta.url)),
        admin: fileURLToPath(new URL('admin.html', import.meta.url)),
      },
    },
  },
  server: {
    // `vite` on its own: forward API calls to a locally running Masthead server.
    proxy: {
      '/blaize': 'http://127.0.0.1:8000',
      '/dev': 'http://127.0.0.1:8000',
      '/account/avatar': 'http://127.0.0.1:8000',
      '/admin/api': 'http://127.0.0.1:8000',
    },
  },
  test: {
    environment: 'node', // DOM tests opt in with a @vitest-environment jsdom comment
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A shared two-core machine loads lazy chunks slowly; a test is not a timing assertion.
    testTimeout: 15_000,
    // Vitest leaves a core to itself by default: on two cores that was one worker, and the
    // jsdom files took twice as long.
    maxWorkers: availableParallelism(),
    // Each test file in its own VM context inside a long-lived worker thread: jsdom, React and
    // the other packages load once per worker, not once per file. With a new process per file
    // (the default pool) building jsdom's window cost more than the tests themselves: the
    // web and widget files took 91 s on two cores, and 36 s this way.
    pool: 'vmThreads',
  },
});
