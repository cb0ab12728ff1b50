import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// squatch.mjs finds its declarations (emitted by tsc as index.d.ts) through this file.
const moduleTypes: Plugin = {
  name: 'squatch-module-types',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'squatch.d.mts', source: "export * from './index.js';\n" });
  },
};

// Members named _like_this are the library's own (TypeScript `private`/`protected`): the classic
// script shortens them. Not _squatch (the loader snippet's queue), nor the two names its chunks
// meet it by on window.squatch.
const mangleProps = { include: /^_[a-z]/, reserved: ['_squatch', '_chunks', '_core'] };

/**
 * The classic script's chunks (src/chunks/*.ts, loaded by src/chunks.classic.ts), each with the
 * modules it bundles. Every other module it imports stays in the classic script, which shares
 * it as window.squatch._core (src/core.ts): one instance, so one message listener per frame
 * and one debug switch. A chunk's own members keep their names: shortened separately, they
 * could meet the classic script's shortened names on one object (a CtaWidget is a PopupWidget).
 * For the same reason a chunk may use only the public members of the classic script's classes,
 * never those named _like_this (shortened there, not here).
 */
export const CHUNKS: Record<string, string[]> = {
  cta: ['CtaWidget', 'cta', 'documents', 'frameBridge', 'validate'],
  documents: ['errorWidget', 'reloadWidget', 'documents', 'frameBridge', 'validate'],
  autofill: ['cookieStore', 'topLevelDomain', 'cookieCodec', 'referralCode', 'urlRules', 'dom', 'http', 'validate'],
};

/** The names in src/core.ts's `core`: all a chunk may import from a module it does not bundle. */
const coreNames = /export const core = \{([^}]*)\}/.exec(readFileSync(here('src/core.ts'), 'utf8'))![1]!.split(',').map((n) => n.trim());

/**
 * In a chunk, every module it does not bundle is this one, which reads window.squatch._core: a
 * chunk importing a name that core.ts does not share fails to build ("not exported").
 */
const CORE_ID = '\0squatch-core';
const coreModule = [
  'const core = (name) => squatch._core[name];',
  // Pure: a name the chunk does not use is left out.
  ...coreNames.map((n) => `export const ${n} = /* @__PURE__ */ core('${n}');`),
].join('\n');

async function buildChunk(name: string, modules: string[]): Promise<string> {
  const own = new Set(modules.map((m) => here(`src/${m}.ts`)));
  const fromCore: Plugin = {
    name: 'squatch-chunk-core',
    enforce: 'pre',
    resolveId: (id, importer) => (importer && !own.has(resolve(dirname(importer), id).replace(/\.js$/, '.ts')) ? CORE_ID : null),
    load: (id) => (id == CORE_ID ? coreModule : null),
  };
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: here('.'),
    cacheDir: here('../node_modules/.vite/widget'),
    publicDir: false,
    plugins: [fromCore],
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: here(`src/chunks/${name}.ts`), formats: ['iife'], name: `squatch._chunks.${name}` },
      rolldownOptions: { output: { extend: true, minify: true } },
    },
  });
  return (Array.isArray(result) ? result[0]! : (result as Rolldown.RolldownOutput)).output[0].code;
}

const classicChunks: Plugin = {
  name: 'squatch-classic-chunks',
  enforce: 'pre',
  // The classic script loads chunks as scripts; the ES module imports them.
  resolveId(source, importer) {
    return source == './chunks.js' && importer?.startsWith(here('src/')) ? here('src/chunks.classic.ts') : null;
  },
  async generateBundle() {
    for (const [name, modules] of Object.entries(CHUNKS))
      this.emitFile({ type: 'asset', fileName: `squatch-${name}.js`, source: await buildChunk(name, modules) });
  },
};

// Two builds (`--mode esm` for the second): the classic script with its chunks, and the
// side-effect-free module (one file: its chunks are inlined).
export default defineConfig(({ mode }) => {
  const esm = mode === 'esm';
  return {
    root: here('.'),
    cacheDir: here('../node_modules/.vite/widget'),
    publicDir: false,
    plugins: esm ? [moduleTypes] : [classicChunks],
    build: {
      outDir: here('dist'),
      emptyOutDir: !esm,
      target: 'es2022',
      minify: !esm,
      reportCompressedSize: true,
      rolldownOptions: esm
        ? { output: { codeSplitting: false } }
        : { output: { minify: { mangleProps } } },
      lib: esm
        ? { entry: here('src/index.ts'), formats: ['es'], fileName: () => 'squatch.mjs' }
        : { entry: here('src/global.ts'), formats: ['iife'], name: 'squatch', fileName: () => 'squatch.min.js' },
    },
  };
});
