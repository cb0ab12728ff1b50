import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbedWidget } from '../src/EmbedWidget.js';
import { PopupWidget } from '../src/PopupWidget.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { post, shownIn } from './helpers.js';

// Templates that do not speak the frame protocol (SaaSquatch's own, written for squatch-js,
// which measures its same-origin frames itself) send no `height`: the library adds a size
// report to every document it shows, so any template's frame follows its content.

/** A squatch-js template: full-height page, inner container, not a line of protocol. */
const FOREIGN = '<!DOCTYPE html><html><head><style>html,body{height:100%}</style></head><body><div class="squatch-container">Hi</div></body></html>';

interface Run {
  sent: unknown[];
  observed: Element[];
}

/**
 * Runs the scripts of `html` as its frame would: against a document parsed from it, whose inner
 * container measures `box`, with a recording parent and a ResizeObserver that reports at once.
 */
function runDocument(html: string, box = { bottom: 420, right: 300 }): Run {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const run: Run = { sent: [], observed: [] };
  const container = doc.querySelector('.squatch-container');
  if (container) vi.spyOn(container, 'getBoundingClientRect').mockReturnValue(box as DOMRect);
  const parent = { postMessage: (message: unknown, target: string) => target === '*' && run.sent.push(message) };
  class ReportAtOnce {
    constructor(private readonly callback: () => void) {}
    observe(element: Element) {
      run.observed.push(element);
      this.callback();
    }
  }
  for (const script of Array.from(doc.scripts))
    new Function('document', 'parent', 'ResizeObserver', 'scrollY', script.text)(doc, parent, ReportAtOnce, 0);
  return run;
}

const params = (engagementMedium: 'POPUP' | 'EMBED') => ({
  content: FOREIGN,
  api: new WidgetApi({ tenantAlias: 'acme' }),
  context: { type: 'cookie' as const, engagementMedium },
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('a template that does not speak the protocol', () => {
  it("reports its inner container's size from the popup frame, and the popup centres it", async () => {
    const popup = new PopupWidget(params('POPUP'));
    popup.load();
    const shown = await shownIn(popup.frame);
    expect(shown.startsWith(FOREIGN)).toBe(true);
    const { sent } = runDocument(shown);
    expect(sent).toEqual([{ squatch: 1, type: 'height', height: 420, width: 300 }]);

    // What the page does with that report (PROTOCOL.md): the frame's height, centred in an 800px window.
    vi.stubGlobal('innerHeight', 800);
    post(sent[0], popup.frame.contentWindow);
    expect(popup.frame.height).toBe('420');
    expect(popup.popupdiv.style.paddingTop).toBe('190px');
  });

  it('reports its size from an embed frame too', async () => {
    document.body.innerHTML = '<div id="squatchembed"></div>';
    const embed = new EmbedWidget(params('EMBED'));
    embed.load();
    const { sent } = runDocument(await shownIn(embed.frame), { bottom: 612.5, right: 640 });
    post(sent[0], embed.frame.contentWindow);
    expect(embed.frame.height).toBe('613');
  });

  it('falls back to the body when the template has no inner container, after 5 looks at 100 ms', async () => {
    vi.useFakeTimers();
    const popup = new PopupWidget({ ...params('POPUP'), content: '<p>bare</p>' });
    popup.load();
    const send = vi.spyOn(popup.frame.contentWindow!, 'postMessage');
    post({ squatch: 1, type: 'ready' }, popup.frame.contentWindow);
    await vi.advanceTimersByTimeAsync(0);
    const html = (send.mock.calls[0]![0] as { html: string }).html;
    const { observed } = runDocument(html);
    vi.advanceTimersByTime(400);
    expect(observed).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(observed.map((element) => element.tagName)).toEqual(['BODY']);
    vi.useRealTimers();
  });
});
