import { element } from './dom.js';
import { log } from './log.js';
import { parseFrameMessage, type FrameMessage } from './protocol.js';

// No allow-same-origin: the template runs in an opaque origin and cannot read the page.
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms';

const FRAME_STYLE = 'border:0;background-color:transparent;';

/**
 * The first document of a frame started before its template is known: it says `ready`, then
 * replaces itself with the document the page posts (PROTOCOL.md, "Starting a frame early").
 */
export const BOOT_DOCUMENT =
  '<script>onmessage=e=>{let h=e.source==parent&&e.data.html;h&&(document.open(),document.write(h),document.close())};' +
  'parent.postMessage({squatch:1,type:"ready"},"*")</script>';

/** A sandboxed frame. */
export function createFrame(style = 'width:1px;min-width:100%', srcdoc?: string): HTMLIFrameElement {
  const frame = element('iframe', FRAME_STYLE + style);
  frame.setAttribute('sandbox', SANDBOX);
  frame.setAttribute('scrolling', 'no');
  frame.title = 'Referral program';
  // Set before the frame joins the page, which then loads one document instead of two.
  if (srcdoc) frame.srcdoc = srcdoc;
  return frame;
}

/**
 * A frame showing BOOT_DOCUMENT, and whether that document said ready (true) or loaded without
 * saying so (false: a page policy blocking inline scripts), watched from the frame's start.
 */
export type Boot = readonly [HTMLIFrameElement, Promise<boolean>];

export function bootFrame(): Boot {
  const frame = createFrame(undefined, BOOT_DOCUMENT);
  return [
    frame,
    new Promise((resolve) => {
      onFrameMessage(frame, (message) => message.type == 'ready' && resolve(true));
      // The load event may come before the message: give the message a moment.
      frame.onload = () => setTimeout(resolve, 99, false);
    }),
  ];
}

/** Calls `handler` with the checked messages that `frame`'s own window posts; others are dropped. */
export function onFrameMessage(frame: HTMLIFrameElement, handler: (message: FrameMessage) => void): void {
  addEventListener('message', ({ source, data }) => {
    if (!source || source != frame.contentWindow) return;
    const message = parseFrameMessage(data);
    if (message) handler(message);
    else log('ignored', data);
  });
}

/** An opaque-origin frame can only be addressed with "*"; nothing secret is ever sent. */
export function postToFrame(frame: HTMLIFrameElement, type: string, html?: string): void {
  frame.contentWindow?.postMessage({ squatch: 1, type, html }, '*');
}
