import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// squatch.mjs finds its declarations (emitted by tsc as index.d.ts) through this file.
const moduleTypes: Plugin = {
  name: 'squatch-module-types',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'squatch.d.mts', source: "export * from './index.js';\n" });
  },
};

// Two builds (`--mode esm` for the second): the classic script and the side-effect-free module.
export default defineConfig(({ mode }) => {
  const esm = mode === 'esm';
  return {
    root: here('.'),
    cacheDir: here('../node_modules/.vite/widget'),
    publicDir: false,
    plugins: esm ? [moduleTypes] : [],
    build: {
      outDir: here('dist'),
      emptyOutDir: !esm,
      target: 'es2022',
      minify: !esm,
      reportCompressedSize: true,
      // Members named _like_this are the library's own (TypeScript `private`): the classic
      // script shortens them; _squatch is the loader snippet's queue.
      rolldownOptions: esm ? {} : { output: { minify: { mangleProps: { include: /^_[a-z]/, reserved: ['_squatch'] } } } },
      lib: esm
        ? { entry: here('src/index.ts'), formats: ['es'], fileName: () => 'squatch.mjs' }
        : { entry: here('src/global.ts'), formats: ['iife'], name: 'squatch', fileName: () => 'squatch.min.js' },
    },
  };
});
