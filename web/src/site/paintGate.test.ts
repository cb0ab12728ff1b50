import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The server inlines this script into every page (server/masthead/site/assets.py); here it
// runs against a stand-in for the page's globals.
const SOURCE = readFileSync(new URL('../../../server/masthead/site/paint_gate.js', import.meta.url), 'utf-8');

function runGate({ hidden = false, painted = false, observes = true, src = '/static/site/assets/site-abc.js' } = {}) {
  const added: { type: string; src: string }[] = [];
  const observers: { callback: (list: unknown, observer: { disconnect(): void }) => void; disconnected: boolean }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    currentScript: { getAttribute: (name: string) => (name === 'data-src' ? src : null) },
    createElement: () => ({ type: '', src: '' }),
    body: { appendChild: (script: { type: string; src: string }) => added.push(script) },
  };
  const performance = { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []) };
  class PerformanceObserver {
    entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {
      if (!observes) throw new TypeError('paint is not supported');
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
  new Function('document', 'performance', 'PerformanceObserver', 'setTimeout', SOURCE)(document, performance, PerformanceObserver, setTimeout);
  const paint = () => observers[0]!.callback([], { disconnect: () => (observers[0]!.disconnected = true) });
  return { added, observers, timers, paint };
}

describe('the paint gate', () => {
  it('adds the islands module once the first contentful paint is reported, and only once', () => {
    const { added, observers, timers, paint } = runGate();
    expect(added).toEqual([]);
    paint();
    expect(added).toEqual([{ type: 'module', src: '/static/site/assets/site-abc.js' }]);
    expect(observers[0]!.disconnected).toBe(true);
    timers[0]!.run(); // the fallback finds it added
    expect(added).toHaveLength(1);
  });

  it('adds it at once when the page has painted already or is hidden', () => {
    for (const options of [{ painted: true }, { hidden: true }]) {
      const { added, timers } = runGate(options);
      expect(added).toHaveLength(1);
      expect(timers).toEqual([]);
    }
  });

  it('adds it after 3 s in a browser that does not report paints', () => {
    const { added, timers } = runGate({ observes: false });
    expect(added).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timers[0]!.run();
    expect(added).toHaveLength(1);
  });

  it('adds each module data-src names, in order (the comment counts, then the islands)', () => {
    const { added, paint } = runGate({ src: '/static/site/assets/counts-x.js /static/site/assets/site-abc.js' });
    paint();
    expect(added).toEqual([
      { type: 'module', src: '/static/site/assets/counts-x.js' },
      { type: 'module', src: '/static/site/assets/site-abc.js' },
    ]);
  });
});
