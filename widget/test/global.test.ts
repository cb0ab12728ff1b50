import { afterEach, describe, expect, it, vi } from 'vitest';

type Page = { squatch?: Record<string, unknown> & { ready?: (fn: () => void) => void }; _squatch?: unknown };
const page = window as unknown as Page;

/** What the loader snippet does before the script arrives. */
function loaderSnippet(): void {
  page._squatch = {};
  page.squatch = {
    ready(fn) {
      const queue = page._squatch as { ready?: Array<() => void> };
      (queue.ready ||= []).push(fn);
    },
  };
}

const runScript = async () => {
  vi.resetModules();
  await import('../src/global.js');
};

afterEach(() => {
  delete page.squatch;
  delete page._squatch;
  vi.useRealTimers();
});

describe('the classic script', () => {
  it('defines window.squatch with the squatch-js API', async () => {
    await runScript();
    for (const name of ['init', 'ready', 'api', 'widgets', 'events', 'widget', 'autofill', 'pushCookie'])
      expect(typeof page.squatch![name]).toBe('function');
    for (const name of ['Widgets', 'WidgetApi', 'EventsApi', 'PopupWidget', 'EmbedWidget', 'CtaWidget'])
      expect(typeof page.squatch![name]).toBe('function');
  });

  it('runs the callbacks the loader snippet queued, once, after window.squatch exists', async () => {
    vi.useFakeTimers();
    loaderSnippet();
    const seen: unknown[] = [];
    page.squatch!.ready!(() => seen.push(typeof page.squatch!.init));
    page.squatch!.ready!(() => seen.push('second'));
    await runScript();
    expect(seen).toEqual([]);
    vi.runAllTimers();
    expect(seen).toEqual(['function', 'second']);
    expect(page._squatch).toBeUndefined();
    await runScript();
    vi.runAllTimers();
    expect(seen).toHaveLength(2);
  });

  it('runs later ready callbacks at once', async () => {
    await runScript();
    const fn = vi.fn();
    page.squatch!.ready!(fn);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('ignores a malformed queue', async () => {
    page._squatch = { ready: [1, 'x', null] };
    await expect(runScript()).resolves.toBeUndefined();
  });
});
