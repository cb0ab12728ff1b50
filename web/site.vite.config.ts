import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CLIENT = fileURLToPath(new URL('src/comments/main.tsx', import.meta.url));
const CLIENT_URL_MODULE = 'virtual:comments-client-url';

/**
 * The comments client as a chunk of its own, whose address the launcher imports from
 * `virtual:comments-client-url` (Rollup's import.meta.ROLLUP_FILE_URL_: the launcher's hash
 * follows the client's). Not a plain `import()`: Vite wraps those in its preload helper,
 * more bytes than the whole launcher, for CSS and preloads these pages do not have.
 */
function commentsClientUrl(): Plugin {
  let reference = '';
  return {
    name: 'masthead-comments-client-url',
    buildStart() {
      reference = this.emitFile({ type: 'chunk', id: CLIENT, name: 'comments', preserveSignature: 'strict' });
    },
    resolveId: (id) => (id === CLIENT_URL_MODULE ? `\0${CLIENT_URL_MODULE}` : null),
    load: (id) => (id === `\0${CLIENT_URL_MODULE}` ? `export default import.meta.ROLLUP_FILE_URL_${reference};` : null),
  };
}

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
  plugins: [react(), commentsClientUrl()],
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
        // The comments launcher (tiny, no React): story pages add it after paint, unpreloaded;
        // it imports the comments client (web/src/comments) as the reader nears the comments.
        // The client's React is the islands' own chunk: Rollup puts what both use in a shared
        // chunk, which the islands' entry imports (and the page preloads) and the client reuses.
        thread: fileURLToPath(new URL('src/site/commentsLauncher.ts', import.meta.url)),
      },
      // The islands' first statement, before React's own: bench/site_js.mjs and the e2e check
      // the story was painted before it (a User Timing mark costs nothing unobserved).
      output: {
        banner: (chunk) => (chunk.isEntry && chunk.name === 'site' ? "performance.mark('masthead:islands-start');" : ''),
      },
    },
  },
});
