import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessReducer, checkAccess, CHECKING, type AccessAction } from './access';

afterEach(() => vi.restoreAllMocks());

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function run(contentId: string | null, answers: Record<string, Response | Error>) {
  const calls: { url: string; nonce: string | null }[] = [];
  const fetcher = (url: string, init: RequestInit) => {
    calls.push({ url, nonce: new Headers(init.headers).get('X-WP-Nonce') });
    const answer = answers[url.replace('http://site.test/wp-json/nyp-membership/v1/', '')];
    return answer instanceof Error || !answer ? Promise.reject(answer ?? new Error('unexpected')) : Promise.resolve(answer);
  };
  const actions: AccessAction[] = [];
  await checkAccess({ restUrl: 'http://site.test/wp-json/', nonce: 'n1', contentId }, (a) => actions.push(a), fetcher);
  return { calls, actions };
}

describe('the access check', () => {
  it('asks for the body only once the server says the reader is entitled', async () => {
    const { calls, actions } = await run('c1', {
      entitlement: json(200, { loggedIn: true, entitled: true }),
      'content/c1': json(200, { content: '<p>Rest</p>' }),
    });
    expect(calls).toEqual([
      { url: 'http://site.test/wp-json/nyp-membership/v1/entitlement', nonce: 'n1' },
      { url: 'http://site.test/wp-json/nyp-membership/v1/content/c1', nonce: 'n1' },
    ]);
    expect(actions).toEqual([
      { type: 'resolved', loggedIn: true, entitled: true, releasing: true },
      { type: 'released', body: '<p>Rest</p>' },
    ]);
  });

  it('never asks for a body for readers who are not entitled, nor on free stories', async () => {
    const reader = await run('c1', { entitlement: json(200, { loggedIn: true, entitled: false }) });
    expect(reader.calls).toHaveLength(1);
    expect(reader.actions).toEqual([{ type: 'resolved', loggedIn: true, entitled: false, releasing: false }]);
    const free = await run(null, { entitlement: json(200, { loggedIn: true, entitled: true }) });
    expect(free.calls).toHaveLength(1);
  });

  it('logs failures and never reports them as entitlement', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await run('c1', { entitlement: json(403, { type: 'bad-nonce' }) })).actions).toEqual([{ type: 'failed' }]);
    expect((await run('c1', { entitlement: new TypeError('offline') })).actions).toEqual([{ type: 'failed' }]);
    const release = await run('c1', { entitlement: json(200, { loggedIn: true, entitled: true }), 'content/c1': json(500, {}) });
    expect(release.actions.at(-1)).toEqual({ type: 'release-failed' });
    expect(log).toHaveBeenCalled();
  });
});

describe('the access state', () => {
  it('follows the answers', () => {
    const reader = accessReducer(CHECKING, { type: 'resolved', loggedIn: true, entitled: false, releasing: false });
    expect(reader).toEqual({ status: 'reader' });
    expect(accessReducer(CHECKING, { type: 'resolved', loggedIn: false, entitled: false, releasing: false })).toEqual({ status: 'anonymous' });
    const member = accessReducer(CHECKING, { type: 'resolved', loggedIn: true, entitled: true, releasing: true });
    expect(member).toEqual({ status: 'member', release: 'loading' });
    expect(accessReducer(member, { type: 'released', body: '<p>x</p>' })).toEqual({ status: 'open', body: '<p>x</p>' });
    expect(accessReducer(member, { type: 'release-failed' })).toEqual({ status: 'member', release: 'failed' });
    expect(accessReducer(reader, { type: 'release-failed' })).toBe(reader);
  });

  it('throws on an unknown action', () => {
    expect(() => accessReducer(CHECKING, { type: 'nope' } as unknown as AccessAction)).toThrow('Unknown access action');
  });
});
