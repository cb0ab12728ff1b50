import { log } from './log.js';
import { parseFrameMessage, type FrameMessage } from './protocol.js';

// No allow-same-origin: the template runs in an opaque origin and cannot read the page.
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms';

export function createFrame(style = 'border:0;background-color:transparent;width:1px;min-width:100%'): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', SANDBOX);
  frame.setAttribute('scrolling', 'no');
  frame.title = 'Referral program';
  frame.style.cssText = style;
  return frame;
}

/** Calls `handler` with the checked messages that `frame`'s own window posts; others are dropped. */
export function onFrameMessage(frame: HTMLIFrameElement, handler: (message: FrameMessage) => void): void {
  addEventListener('message', (event) => {
    const source = frame.contentWindow;
    if (!source || event.source !== source) return;
    const message = parseFrameMessage(event.data);
    if (message) handler(message);
    else log('ignored', event.data);
  });
}

/** An opaque-origin frame can only be addressed with "*"; nothing secret is ever sent. */
export function postToFrame(frame: HTMLIFrameElement, type: string): void {
  frame.contentWindow?.postMessage({ squatch: 1, type }, '*');
}
