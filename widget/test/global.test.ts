import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Library from '../src/index.js';
import type { PopupWidget } from '../src/PopupWidget.js';
import type { WidgetApi } from '../src/WidgetApi.js';
import { clearCookies, mockFetch, shownIn, SHOWN_TEMPLATE, TEMPLATE } from './helpers.js';

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

  describe('on a page whose address carries _saasquatch (a share link landed here)', () => {
    // base64url of {"a":{"b":1}}
    const PARAM = 'eyJhIjp7ImIiOjF9fQ';
    const dropOptOut = window as { SaaSquatchDoNotAutoDrop?: boolean };
    const referralCookie = () => /(?:^|;\s*)_saasquatch=([^;]*)/.exec(document.cookie)?.[1];
    afterEach(() => {
      history.replaceState(null, '', '/');
      delete dropOptOut.SaaSquatchDoNotAutoDrop;
      clearCookies();
    });

    it('stores it as the referral cookie when the script loads, with no init (squatch-js auto-drop)', async () => {
      history.replaceState(null, '', `/landing?_saasquatch=${PARAM}`);
      loaderSnippet();
      await runScript();
      await vi.waitFor(() => expect(referralCookie()).toBe(PARAM));
    });

    it('merges it into the cookie the browser already has', async () => {
      // {"c":2}
      document.cookie = '_saasquatch=eyJjIjoyfQ; path=/';
      history.replaceState(null, '', `/landing?_saasquatch=${PARAM}`);
      await runScript();
      await vi.waitFor(() => expect(atob(referralCookie()!)).toBe('{"c":2,"a":{"b":1}}'));
    });

    it('leaves the cookie alone when the page sets window.SaaSquatchDoNotAutoDrop', async () => {
      history.replaceState(null, '', `/landing?_saasquatch=${PARAM}`);
      dropOptOut.SaaSquatchDoNotAutoDrop = true;
      await runScript();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(referralCookie()).toBeUndefined();
    });
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
    expect(await shownIn(widget.frame)).toBe(SHOWN_TEMPLATE);
  });

  describe('a page with a popup trigger', () => {
    const trigger = () => {
      const button = document.createElement('button');
      button.className = 'squatchpop';
      document.body.append(button);
    };
    const frames = () => document.querySelectorAll('iframe');

    it('starts a closed popup frame when the script runs, which the first popup then shows', async () => {
      trigger();
      await runScript();
      expect(popups()).toHaveLength(1);
      expect(popups()[0]!.style.visibility).toBe('hidden');
      const warm = frames()[0];
      mockFetch(reply);
      const { widget } = await library().widgets().upsertUser({ user });
      expect(widget.frame).toBe(warm);
      expect(frames()).toHaveLength(1);
      expect(await shownIn(widget.frame)).toBe(SHOWN_TEMPLATE);
      // Taken: the next popup starts its own frame.
      mockFetch(reply);
      const second = await library().widgets().upsertUser({ user });
      expect(second.widget.frame).not.toBe(warm);
    });

    /** Runs the script and returns its DOMContentLoaded listener (earlier runs in this file left theirs). */
    const runScriptForListener = async () => {
      const listen = vi.spyOn(window, 'addEventListener');
      await runScript();
      const call = listen.mock.calls.find(([type]) => type === 'DOMContentLoaded');
      listen.mockRestore();
      return call?.[1] as () => void;
    };

    it("gives the warm frame to a popup the page makes itself (a CTA's too)", async () => {
      trigger();
      await runScript();
      const warm = frames()[0];
      const squatch = library() as unknown as { PopupWidget: typeof PopupWidget; api(): WidgetApi };
      const popup = new squatch.PopupWidget({ content: TEMPLATE, api: squatch.api(), context: { type: 'cookie', engagementMedium: 'POPUP' } });
      popup.load();
      expect(popup.frame).toBe(warm);
      expect(popups()).toHaveLength(1);
      expect(await shownIn(popup.frame)).toBe(SHOWN_TEMPLATE);
    });

    it('starts it once the page is parsed when the trigger comes after the script', async () => {
      const parsed = await runScriptForListener();
      expect(frames()).toHaveLength(0);
      trigger();
      parsed();
      expect(popups()).toHaveLength(1);
    });

    it('without a trigger, starts nothing', async () => {
      const parsed = await runScriptForListener();
      parsed();
      expect(frames()).toHaveLength(0);
    });
  });
});
