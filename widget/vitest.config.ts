import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Keep caches in the repository's node_modules, not in widget/.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/widget', import.meta.url)),
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    maxWorkers: availableParallelism(), // as web/vite.config.ts
    pool: 'vmThreads', // as web/vite.config.ts: jsdom loaded once per worker, not per file
  },
});
