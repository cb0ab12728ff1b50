import { afterEach, describe, expect, it, vi } from 'vitest';

// The classic script's chunk loader (the chunks themselves run in e2e/referrals-chunks.spec.ts).
type Page = { squatch?: { _chunks?: Record<string, unknown> } };
const page = window as unknown as Page;

/** Runs the loader as the classic script would, loaded from `src`. */
async function loaderFrom(src: string) {
  vi.resetModules();
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(Object.assign(document.createElement('script'), { src }));
  const { loadChunk } = await import('../src/chunks.classic.js');
  vi.restoreAllMocks();
  page.squatch = {};
  return loadChunk;
}

const added = () => Array.from(document.head.querySelectorAll('script'));

afterEach(() => {
  document.head.replaceChildren();
  delete page.squatch;
});

describe('loadChunk (classic script)', () => {
  it('adds the chunk once, from beside the script, and resolves to what it registered', async () => {
    const loadChunk = await loaderFrom('https://cdn.shop.example/assets/referrals/squatch.min.js?v=3');
    const first = loadChunk('cta');
    expect(loadChunk('cta')).toBe(first);
    const [script] = added();
    expect(added()).toHaveLength(1);
    expect(script!.src).toBe('https://cdn.shop.example/assets/referrals/squatch-cta.js');
    const chunk = { CtaWidget: class {} };
    page.squatch!._chunks = { cta: chunk };
    script!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(chunk);
  });

  it('rejects when the chunk cannot be loaded, and tries again on the next use', async () => {
    const loadChunk = await loaderFrom('http://127.0.0.1:8000/widget/squatch.min.js');
    const failed = loadChunk('documents');
    added()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('http://127.0.0.1:8000/widget/squatch-documents.js did not load');
    void loadChunk('documents');
    expect(added()).toHaveLength(2);
  });
});
