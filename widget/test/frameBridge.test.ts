import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_BRIDGE } from '../src/frameBridge.js';

interface Run {
  doc: Document;
  sent: Array<Record<string, unknown>>;
  observed: Element[];
}

/** Runs the bridge as a frame would, against a fresh document and a recording parent. */
function runBridge(body = ''): Run {
  const doc = document.implementation.createHTMLDocument('frame');
  doc.body.innerHTML = body;
  const run: Run = { doc, sent: [], observed: [] };
  const parent = { postMessage: (message: Record<string, unknown>, target: string) => target === '*' && run.sent.push(message) };
  class FakeResizeObserver {
    constructor(private readonly callback: () => void) {}
    observe(element: Element) {
      run.observed.push(element);
      this.callback();
    }
  }
  new Function('document', 'parent', 'ResizeObserver', FRAME_BRIDGE)(doc, parent, FakeResizeObserver);
  return run;
}

afterEach(() => vi.useRealTimers());

describe('FRAME_BRIDGE', () => {
  it('is small', () => {
    expect(new TextEncoder().encode(FRAME_BRIDGE).length).toBeLessThan(600);
  });

  it('reports the size of the inner container', () => {
    const { doc, sent, observed } = runBridge('<div class="squatch-container">x</div>');
    expect(observed).toEqual([doc.querySelector('.squatch-container')]);
    expect(sent).toEqual([{ squatch: 1, type: 'height', height: 0, width: 0 }]);
  });

  it('looks for the inner container 5 times at 100 ms, then uses the body', () => {
    vi.useFakeTimers();
    const { doc, observed } = runBridge();
    vi.advanceTimersByTime(400);
    expect(observed).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(observed).toEqual([doc.body]);
  });

  it('finds a container that appears while it looks', () => {
    vi.useFakeTimers();
    const { doc, observed } = runBridge();
    doc.body.innerHTML = '<sqh-global-container></sqh-global-container>';
    vi.advanceTimersByTime(100);
    expect(observed).toEqual([doc.querySelector('sqh-global-container')]);
  });

  it('turns clicks on marked elements into messages', () => {
    const { doc, sent } = runBridge(
      '<div class="squatch-container"><button data-squatch-close><b>x</b></button>' +
        '<a data-squatch-share="WHATSAPP">w</a><span data-squatch-open>o</span><p>plain</p></div>',
    );
    sent.length = 0;
    for (const selector of ['b', 'a', 'span', 'p']) doc.querySelector<HTMLElement>(selector)!.click();
    expect(sent).toEqual([
      { squatch: 1, type: 'close' },
      { squatch: 1, type: 'shared', shareMedium: 'WHATSAPP' },
      { squatch: 1, type: 'open' },
    ]);
  });
});
