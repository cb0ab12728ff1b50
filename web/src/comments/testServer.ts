/**
 * A stand-in comments server for the client's tests: answers by "METHOD /path" (the query
 * left out), remembers every request, and a stand-in EventSource the tests can fire.
 */
import { vi } from 'vitest';
import type { Commenter, Me, ThreadComment } from './wire';
import { SIGNED_OUT } from './wire';

export type Handler = (url: URL, init: RequestInit) => unknown;
export interface Seen {
  method: string;
  path: string;
  url: URL;
  init: RequestInit;
  body: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function serve(routes: Record<string, Handler | unknown>): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      seen.push({ method, path: url.pathname, url, init, body });
      const route = routes[`${method} ${url.pathname}`];
      if (route === undefined) return json({ type: 'not-found', message: 'There is nothing at this address.' }, 404);
      const answer = typeof route === 'function' ? (route as Handler)(url, init) : route;
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return seen;
}

export class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

export const author = (display_name: string): Commenter => ({
  display_name,
  initials: display_name
    .split(' ')
    .map((word) => word[0])
    .join(''),
  avatar_color: '#1a2b3c',
});

export function comment(id: number, body: string | null, extra: Partial<ThreadComment> = {}): ThreadComment {
  return {
    id,
    parent_id: null,
    deleted: body === null,
    removed: false,
    body,
    created_at: '2026-11-27T18:00:00Z',
    edited_at: null,
    author: body === null ? null : author('Night Owl'),
    replies: [],
    up_votes: 0,
    down_votes: 0,
    hearts: 0,
    featured: false,
    ...extra,
  };
}

export const ADA = author('Ada Lovelace');
export const SIGNED_IN: Me = { ...SIGNED_OUT, signed_in: true, commenter: ADA, may_comment: true, refusal: null };
