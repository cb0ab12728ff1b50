import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Library from '../src/index.js';
import { mockFetch, shownIn, TEMPLATE } from './helpers.js';

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

const user = { id: 'u1', accountId: 'a1' };
const reply = { body: { template: TEMPLATE, user, jsOptions: {} } };
/** window.squatch of the script last run, initialised. */
function library(): typeof Library {
  const squatch = page.squatch as unknown as typeof Library;
  squatch.init({ tenantAlias: 'test_masthead', domain: 'http://127.0.0.1:8000' });
  return squatch;
}
const popups = () => Array.from(document.querySelectorAll<HTMLElement>('body > [role=dialog]'));

afterEach(() => {
  document.body.replaceChildren();
  delete page.squatch;
  delete page._squatch;
  vi.useRealTimers();
});

describe('the classic script', () => {
  it('defines window.squatch with the squatch-js API', async () => {
    await runScript();
    for (const name of ['init', 'ready', 'api', 'widgets', 'events', 'widget', 'autofill', 'pushCookie', 'loadChunk'])
      expect(typeof page.squatch![name]).toBe('function');
    for (const name of ['Widgets', 'WidgetApi', 'EventsApi', 'PopupWidget', 'EmbedWidget'])
      expect(typeof page.squatch![name]).toBe('function');
  });

  it('shares with its chunks the one instance of what they extend or use (the chunks themselves: e2e)', async () => {
    await runScript();
    const { PopupWidget } = await import('../src/PopupWidget.js');
    const { log } = await import('../src/log.js');
    const shared = page.squatch!._core as Record<string, unknown>;
    expect(shared.PopupWidget).toBe(PopupWidget);
    expect(shared.log).toBe(log);
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

  it('shows a popup asked for in the head, before the body exists, once the answer is there', async () => {
    const body = document.body;
    body.remove();
    await runScript();
    mockFetch(reply);
    const pending = library().widgets().upsertUser({ user });
    document.documentElement.append(body);
    const { widget } = await pending;
    expect(popups()).toEqual([widget.frame.parentElement!.parentElement]);
    expect(await shownIn(widget.frame)).toBe(TEMPLATE);
  });
});
