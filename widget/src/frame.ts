import { element } from './dom.js';
import { enc } from './http.js';
import { log } from './log.js';
import { parseFrameMessage, type FrameMessage, type PageMessageType } from './protocol.js';

const FRAME_STYLE = 'border:0;background-color:#0000;';

/**
 * The fallback for a page that refuses data: frames (a Content-Security-Policy `frame-src` or
 * `default-src` without data:): srcdoc, which would share the page's origin without a sandbox.
 * No allow-same-origin: the template runs in an opaque origin (and its own renderer process).
 */
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms';

/**
 * The first document of every widget frame: it says `ready`, then replaces itself with the
 * document the page posts (PROTOCOL.md, "Frames"). On a loaded document write() opens a new
 * one by itself.
 */
export const BOOT_DOCUMENT =
  '<script>onmessage=e=>{let h=e.source==parent&&e.data.html;h&&(document.write(h),document.close())};' +
  'parent.postMessage({squatch:1,type:"ready"},"*")</script>';

/**
 * Added to every document a widget shows: reports the size of the template's inner container
 * (FRAME_BRIDGE's measure, and squatch-js's: `sqh-global-container` or `.squatch-container`,
 * looked up 5 times at 100 ms, else the body) as `height` messages. Templates written for
 * squatch-js, which measures its same-origin frames itself, speak no protocol: this sizes them.
 */
export const SIZE_REPORT =
  '<script>(d=>{let n=0,f=c=>{c=d.querySelector("sqh-global-container,.squatch-container");if(!c&&n++<5)return setTimeout(f,100);' +
  'c=c||d.body;new ResizeObserver(r=>{r=c.getBoundingClientRect();parent.postMessage({squatch:1,type:"height",height:r.bottom+scrollY,width:r.right},"*")}).observe(c)};f()})(document)</script>';

/**
 * Shows `html` as the frame's own document: a data: URL, whose origin is opaque (it cannot read
 * the page, its cookies or its storage) and which stays in the page's renderer process; or, in a
 * frame whose boot document never said ready, sandboxed srcdoc.
 */
export function setDocument(frame: HTMLIFrameElement, html: string): void {
  if (frame.hasAttribute('sandbox')) frame.srcdoc = html;
  else frame.src = 'data:text/html;charset=utf8,' + enc(html);
}

/**
 * A frame showing BOOT_DOCUMENT, and whether that document said ready (true) or loaded without
 * saying so (false: a page policy refused the data: frame or its inline script; the frame is
 * then sandboxed for srcdoc), watched from the frame's start.
 */
export type Boot = readonly [HTMLIFrameElement, Promise<boolean>];

export function bootFrame(style = 'width:1px;min-width:100%'): Boot {
  const frame = Object.assign(element('iframe', FRAME_STYLE + style), { title: 'Referral program', scrolling: 'no' });
  // Set before the frame joins the page, which then loads one document instead of two.
  setDocument(frame, BOOT_DOCUMENT);
  return [
    frame,
    new Promise<boolean>((resolve) => {
      onFrameMessage(frame, (message) => message.type == 'ready' && resolve(true));
      // The load event may come before the message: give the message a moment.
      frame.onload = () => setTimeout(resolve, 99, false);
    }).then((ready) => ready || (frame.setAttribute('sandbox', SANDBOX), false)),
  ];
}

/** Shows `html` once the frame's boot document has answered (Boot): posted into it when ready, else setDocument. */
export const writer =
  (frame: HTMLIFrameElement, html: string) =>
  (ready: boolean): false => (ready ? postToFrame(frame, 'document', html) : setDocument(frame, html), false);

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
export function postToFrame(frame: HTMLIFrameElement, type: PageMessageType, html?: string): void {
  frame.contentWindow?.postMessage({ squatch: 1, type, html }, '*');
}
