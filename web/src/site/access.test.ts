import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessReducer, checkAccess, CHECKING, type AccessAction } from './access';

afterEach(() => vi.restoreAllMocks());

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ENGINE = 'http://site.test/zephr/decision-engine';

async function run(contentId: string | null, answers: Record<string, Response | Error>) {
  const calls: { url: string; nonce: string | null; body: unknown }[] = [];
  const fetcher = (url: string, init: RequestInit) => {
    calls.push({ url, nonce: new Headers(init.headers).get('X-WP-Nonce'), body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[url === ENGINE ? 'engine' : url.replace('http://site.test/wp-json/nyp-membership/v1/', '')];
    return answer instanceof Error || !answer ? Promise.reject(answer ?? new Error('unexpected')) : Promise.resolve(answer);
  };
  const actions: AccessAction[] = [];
  await checkAccess({ restUrl: 'http://site.test/wp-json/', nonce: 'n1', path: '/2026/11/22/a-story/', contentId }, (a) => actions.push(a), fetcher);
  return { calls, actions };
}

const decided = (loggedIn: boolean, outputValue: unknown) => json(200, { sdkFeatureSlug: 'membership-entitlement-check', loggedIn, outputValue });

describe('the access check', () => {
  it('asks the decision engine first, and for the body only once it says the reader is entitled', async () => {
    const { calls, actions } = await run('c1', {
      engine: decided(true, true),
      'content/c1': json(200, { content: '<p>Rest</p>' }),
    });
    expect(calls).toEqual([
      {
        url: ENGINE,
        nonce: null,
        body: { sdkFeatureSlug: 'membership-entitlement-check', path: '/2026/11/22/a-story/', contentId: 'c1', userAgent: null, session: null },
      },
      { url: 'http://site.test/wp-json/nyp-membership/v1/content/c1', nonce: 'n1', body: null },
    ]);
    expect(actions).toEqual([
      { type: 'resolved', loggedIn: true, entitled: true, releasing: true },
      { type: 'released', body: '<p>Rest</p>' },
    ]);
  });

  it('never asks for a body for readers who are not entitled, nor on free stories', async () => {
    const reader = await run('c1', { engine: decided(true, false) });
    expect(reader.calls).toHaveLength(1);
    expect(reader.actions).toEqual([{ type: 'resolved', loggedIn: true, entitled: false, releasing: false }]);
    const free = await run(null, { engine: decided(true, true) });
    expect(free.calls).toHaveLength(1);
    // Only a JSON true is entitlement.
    for (const value of ['true', 1, { entitled: true }, null]) {
      expect((await run('c1', { engine: decided(true, value) })).actions).toEqual([{ type: 'resolved', loggedIn: true, entitled: false, releasing: false }]);
    }
  });

  it('logs failures and never reports them as entitlement', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await run('c1', { engine: json(400, { type: 'unknown-feature' }) })).actions).toEqual([{ type: 'failed' }]);
    expect((await run('c1', { engine: json(200, { entitled: true }) })).actions).toEqual([{ type: 'failed' }]);
    expect((await run('c1', { engine: new TypeError('offline') })).actions).toEqual([{ type: 'failed' }]);
    const release = await run('c1', { engine: decided(true, true), 'content/c1': json(500, {}) });
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
