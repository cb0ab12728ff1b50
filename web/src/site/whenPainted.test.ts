import { describe, expect, it, vi } from 'vitest';
import { PAINT_WAIT_MS, whenPainted } from './whenPainted';

function fakeWindow({ hidden = false, painted = false, observes = true } = {}) {
  const observers: { callback: () => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = observes ? ['paint', 'element'] : [];
    entry: { callback: () => void; disconnected: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const timers: (() => void)[] = [];
  const target = {
    document: { visibilityState: hidden ? 'hidden' : 'visible' },
    performance: { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []) },
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
    setTimeout: ((callback: () => void, ms: number) => {
      expect(ms).toBe(PAINT_WAIT_MS);
      timers.push(callback);
      return 0;
    }) as unknown as Window['setTimeout'],
  } as unknown as Parameters<typeof whenPainted>[1];
  return { target, observers, timers };
}

describe('whenPainted', () => {
  it('starts once the first contentful paint is reported, and only once', () => {
    const start = vi.fn();
    const { target, observers, timers } = fakeWindow();
    whenPainted(start, target);
    expect(start).not.toHaveBeenCalled();
    observers[0]!.callback();
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    timers[0]!(); // the fallback finds it started
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page has painted already or is hidden', () => {
    for (const options of [{ painted: true }, { hidden: true }]) {
      const start = vi.fn();
      whenPainted(start, fakeWindow(options).target);
      expect(start).toHaveBeenCalledTimes(1);
    }
  });

  it('starts after a while in a browser that does not report paints', () => {
    const start = vi.fn();
    const { target, observers, timers } = fakeWindow({ observes: false });
    whenPainted(start, target);
    expect(observers).toHaveLength(0);
    timers[0]!();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
