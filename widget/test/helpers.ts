import { vi } from 'vitest';
import { SIZE_REPORT } from '../src/frame.js';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** Replaces fetch (the network boundary) with canned replies; returns the calls made. */
export function mockFetch(...replies: Array<{ status?: number; body?: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        headers: { ...(init.headers as Record<string, string>) },
        credentials: init.credentials,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      const reply = replies.length > 1 ? replies.shift()! : (replies[0] ?? {});
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      return new Response(text, { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

/** Lets queued promise callbacks run. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Delivers a message to the page as if `source` had posted it. */
export function post(data: unknown, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, source }));
}

/** The document a frame shows as its own: its data: URL's text, or its srcdoc (the fallback). */
export function ownDocument(frame: HTMLIFrameElement): string {
  const { src, srcdoc } = frame;
  return srcdoc || decodeURIComponent(src.slice(src.indexOf(',') + 1));
}

/**
 * The document a widget's frame was given: posted into its boot document once that says ready,
 * else (the boot document was used already) its own document.
 */
export async function shownIn(frame: HTMLIFrameElement): Promise<string> {
  const send = vi.spyOn(frame.contentWindow!, 'postMessage');
  post({ squatch: 1, type: 'ready' }, frame.contentWindow);
  await flush();
  const posted = send.mock.calls.map(([message]) => message as { type?: string; html?: string }).find((m) => m.type === 'document');
  send.mockRestore();
  return posted?.html ?? ownDocument(frame);
}

export function clearCookies(): void {
  for (const part of document.cookie.split(/;\s*/)) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/`;
  }
}

export const TEMPLATE = '<!DOCTYPE html><html><head></head><body><div class="squatch-container">Hi</div></body></html>';

/** A widget's document as its frame shows it: followed by the library's size report (frame.ts). */
export const withSizeReport = (html: string): string => html + SIZE_REPORT;

/** TEMPLATE as a widget's frame shows it. */
export const SHOWN_TEMPLATE = withSizeReport(TEMPLATE);
