import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The publisher pages' islands (web/src/site): one module, built apart from the account area
 * so its bundle stays small. The page fetches it at once and runs it once the story is
 * painted (server/masthead/site/paint_gate.js). The server reads dist-site/.vite/manifest.json
 * for the hashed name and serves the files under /static/site/.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/static/site/',
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-site', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist-site',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: false,
    rollupOptions: {
      input: {
        site: fileURLToPath(new URL('src/site/islands.tsx', import.meta.url)),
        // The comment-count buttons' own small script (no React): pages with buttons add it.
        counts: fileURLToPath(new URL('src/site/commentCounts.ts', import.meta.url)),
        // The story's comment thread (no React): story pages add it after paint, unpreloaded.
        thread: fileURLToPath(new URL('src/site/commentThread.ts', import.meta.url)),
      },
      // The islands' first statement, before React's own: bench/site_js.mjs and the e2e check
      // the story was painted before it (a User Timing mark costs nothing unobserved).
      output: {
        banner: (chunk) => (chunk.isEntry && chunk.name === 'site' ? "performance.mark('masthead:islands-start');" : ''),
      },
    },
  },
});
