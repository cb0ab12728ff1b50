/**
 * The parts of the library that many pages never use, loaded on first use. This default
 * (ES module, tests) imports them; the classic script's build swaps in chunks.classic.ts,
 * which loads them as separate scripts from where the classic script itself came from.
 */
const chunks = {
  cta: () => import('./chunks/cta.js'),
  documents: () => import('./chunks/documents.js'),
  autofill: () => import('./chunks/autofill.js'),
};

export type Chunks = { [K in keyof typeof chunks]: Awaited<ReturnType<(typeof chunks)[K]>> };

export const loadChunk = <K extends keyof Chunks>(name: K): Promise<Chunks[K]> => chunks[name]() as Promise<Chunks[K]>;
