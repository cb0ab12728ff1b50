// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('the ES module', () => {
  it('imports without a window: no side effects at import time', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const squatch = await import('../src/index.js');
    expect(Object.keys(squatch).sort()).toEqual(
      [
        'CtaWidget', 'EmbedWidget', 'EventsApi', 'FRAME_BRIDGE', 'PopupWidget', 'Widget', 'WidgetApi', 'Widgets',
        'api', 'autofill', 'events', 'init', 'pushCookie', 'ready', 'widget', 'widgets',
      ].sort(),
    );
  });
});
