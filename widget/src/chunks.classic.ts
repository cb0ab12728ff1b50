import type { Chunks } from './chunks.js';

/**
 * loadChunk for the classic script: `squatch-<name>.js` beside this script (wherever the page
 * loaded it from), added as a script of its own once; the chunk puts its exports on
 * `squatch._chunks` and takes what it shares with this script from `squatch._core`
 * (see widget/vite.config.ts).
 */
const page = window as unknown as { squatch: { _chunks?: Partial<Chunks> } };
// Read while this script runs: later, currentScript is whichever script is running then.
const base = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
const loading: { [K in keyof Chunks]?: Promise<Chunks[K]> } = {};

export function loadChunk<K extends keyof Chunks>(name: K): Promise<Chunks[K]> {
  return ((loading[name] as Promise<Chunks[K]> | undefined) ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(`squatch-${name}.js`, base).href;
    script.onload = () => resolve(page.squatch._chunks![name]!);
    script.onerror = () => {
      delete loading[name];
      reject(Error(`${script.src} did not load`));
    };
    document.head.append(script);
  }));
}
