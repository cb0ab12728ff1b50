/**
 * Test kit for the console's screen tests: a fake /admin/api (answers by method and path,
 * every call recorded) and the app rendered at an address.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from './App';
import { createAdminQueryClient } from './queryClient';

export type Reply = [number, unknown?];
export type Handler = (call: { method: string; path: string; query: URLSearchParams; body: unknown }) => Reply | undefined;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export const ADMIN_ME = {
  email: 'boss@example.com',
  display_name: 'Grace Hopper',
  roles: ['admin'],
  reauthenticated_until: null,
  session_expires_at: '2026-11-22T17:00:00Z',
};

export function refusal(status: number, type: string, message: string): Reply {
  return [status, { type, message }];
}

/** Stubs fetch: `handler` answers first, then `fixed` by "METHOD /path"; anything else is a 404. */
export function serve(handler: Handler, fixed: Record<string, Reply> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (target: string, init?: RequestInit) => {
      const url = new URL(target, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : null;
      const call = { method, path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const [status, payload] = handler(call) ?? fixed[`${method} ${url.pathname}`] ?? refusal(404, 'not-found', 'No such thing.');
      return new Response(payload === undefined ? null : JSON.stringify(payload), { status });
    }),
  );
  return calls;
}

export function renderAt(path: string) {
  window.history.replaceState({}, '', path);
  return render(<App queryClient={createAdminQueryClient()} />);
}
