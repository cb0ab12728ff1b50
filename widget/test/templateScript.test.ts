import { describe, expect, it, vi } from 'vitest';
import { parseFrameMessage } from '../src/protocol.js';
import definition from '../src/protocol.json';
import SOURCE from '../../server/masthead/referrals/widget_templates/frame.js?raw';

// The script every Masthead widget template inlines (server/masthead/referrals/templates.py).
// It runs here as a template's frame runs it, against a recording parent, and everything it
// posts must be a message of protocol.json that the page's own parser accepts.

interface Run {
  doc: Document;
  sent: Array<Record<string, unknown>>;
  parent: object;
  fire: (type: string, event?: Partial<MessageEvent>) => void;
  resize: () => void;
}

function runTemplateScript(body: string, { copied = true, clipboard = undefined as Clipboard | undefined } = {}): Run {
  const doc = document.implementation.createHTMLDocument('template');
  doc.body.innerHTML = body;
  vi.spyOn(doc.documentElement, 'getBoundingClientRect').mockReturnValue({ height: 240.2 } as DOMRect);
  Object.assign(doc, { execCommand: () => copied });
  const sent: Run['sent'] = [];
  const parent = { postMessage: (message: Record<string, unknown>, target: string) => target === '*' && sent.push({ ...message }) };
  const listeners: Record<string, Array<(event: unknown) => void>> = {};
  const resizers: Array<() => void> = [];
  class FakeResizeObserver {
    constructor(private readonly callback: () => void) {}
    observe() {
      resizers.push(this.callback);
    }
  }
  const frameWindow = {
    parent,
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] ??= []).push(listener),
    ResizeObserver: FakeResizeObserver,
  };
  new Function('window', 'document', 'navigator', 'ResizeObserver', SOURCE)(frameWindow, doc, { clipboard }, FakeResizeObserver);
  return {
    doc,
    sent,
    parent,
    fire: (type, event = {}) => listeners[type]?.forEach((listener) => listener(event)),
    resize: () => resizers.forEach((callback) => callback()),
  };
}

/** Every message is a protocol.json frame message that parseFrameMessage takes as it is. */
function expectProtocol(sent: Array<Record<string, unknown>>): void {
  for (const message of sent) {
    expect(Object.keys(definition.frameToPage)).toContain(message.type);
    const { squatch, ...fields } = message;
    expect(squatch).toBe(definition.envelope.squatch);
    expect(parseFrameMessage(message)).toEqual(fields);
  }
}

const click = (doc: Document, selector: string) => doc.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
const HEIGHT = { squatch: 1, type: 'height', height: 241 };

describe('the template script', () => {
  it('reports the height at once, on load, on resize and when the page says opened', () => {
    const { sent, parent, fire, resize } = runTemplateScript('<main class="squatch-container"></main>');
    fire('load');
    resize();
    expect(sent).toEqual([HEIGHT, HEIGHT, HEIGHT]);
    const opened = { ...definition.envelope, type: 'opened' };
    fire('message', { source: parent as Window, data: opened });
    expect(sent).toHaveLength(4);
    fire('message', { source: {} as Window, data: opened }); // not the parent
    fire('message', { source: parent as Window, data: { type: 'opened' } }); // not in the envelope
    fire('message', { source: parent as Window, data: { ...definition.envelope, type: 'document' } });
    expect(sent).toHaveLength(4);
    expectProtocol(sent);
  });

  it('sends close from the close button, and shared for every share medium', () => {
    const links = definition.shareMedia.map((medium) => `<a href="#" data-squatch-share="${medium}"><span>${medium}</span></a>`).join('');
    const { doc, sent } = runTemplateScript(`<button data-squatch-close><span>×</span></button>${links}<p>plain</p>`);
    sent.length = 0;
    click(doc, '[data-squatch-close] span');
    click(doc, 'p');
    for (const medium of definition.shareMedia) click(doc, `[data-squatch-share="${medium}"] span`);
    expect(sent).toEqual([
      { squatch: 1, type: 'close' },
      ...definition.shareMedia.map((shareMedium) => ({ squatch: 1, type: 'shared', shareMedium })),
    ]);
    expectProtocol(sent);
  });

  it('copies a field, says so, and reports a direct share', async () => {
    const field = '<input id="share-link" value="https://x.test/r/AB"><button data-squatch-copy="share-link" data-squatch-share="DIRECT">Copy</button><p id="status"></p>';
    const copied = runTemplateScript(field);
    copied.sent.length = 0;
    click(copied.doc, 'button');
    expect(copied.doc.getElementById('status')!.textContent).toBe('Copied to the clipboard.');
    expect(copied.sent).toEqual([{ squatch: 1, type: 'shared', shareMedium: 'DIRECT' }]);
    expectProtocol(copied.sent);

    const writeText = vi.fn(async () => undefined);
    const clipboard = runTemplateScript(field, { copied: false, clipboard: { writeText } as unknown as Clipboard });
    click(clipboard.doc, 'button');
    await Promise.resolve();
    expect(writeText).toHaveBeenCalledWith('https://x.test/r/AB');
    expect(clipboard.doc.getElementById('status')!.textContent).toBe('Copied to the clipboard.');

    const neither = runTemplateScript(field, { copied: false });
    click(neither.doc, 'button');
    expect(neither.doc.getElementById('status')!.textContent).toBe('Press Ctrl+C (or Cmd+C) to copy.');
  });

  it('names only messages of protocol.json', () => {
    const posted = [...SOURCE.matchAll(/type: "(\w+)"/g)].map((match) => match[1]);
    const heard = [...SOURCE.matchAll(/data\.type === "(\w+)"/g)].map((match) => match[1]);
    expect(posted.length).toBeGreaterThan(0);
    for (const type of posted) expect(Object.keys(definition.frameToPage)).toContain(type);
    expect(heard).toEqual(['opened']);
    for (const type of heard) expect(Object.keys(definition.pageToFrame)).toContain(type);
  });
});
