// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The counts script runs once, when loaded (the paint gate adds it): each case builds the page,
// then loads a fresh copy of the module.
const BUTTON = (postId: string) =>
  `<a class="comment-count" href="/story/#comments"><span data-comment-count="${postId}"></span>` +
  `<span class="visually-hidden" data-comment-label>Comments</span></a>`;

async function run({ globals = { spotId: 'sp_1', hashOverride: true } as unknown, hash = '', answer = Promise.resolve(new Response('{}')) } = {}) {
  document.body.innerHTML =
    BUTTON('11') + BUTTON('12') + BUTTON('11') +
    `<script type="application/json" id="comment-counts">${JSON.stringify(globals)}</script>`;
  window.location.hash = hash;
  const fetchMock = vi.fn(() => answer);
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  await import('./commentCounts');
  await vi.waitFor(() => expect(document.querySelector('[data-comment-count]')!.textContent).not.toBe(''));
  const names = Array.from(document.querySelectorAll('a'), (a) => a.textContent);
  return { fetchMock, names };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the comment counts script', () => {
  it('asks once for every post on the page and names each button by its count', async () => {
    const body = { messages_count: { '11': 3, '12': 1 } };
    const { fetchMock, names } = await run({ answer: Promise.resolve(new Response(JSON.stringify(body))) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/comments/v1/messages-count?spot_id=sp_1&posts_ids=11,12', { credentials: 'omit' });
    expect(names).toEqual(['3 comments', '1 comment', '3 comments']);
  });

  it('shows 0 when the request fails, or its answer is not counts', async () => {
    for (const answer of [
      Promise.reject(new TypeError('offline')),
      Promise.resolve(new Response('down', { status: 503 })),
      Promise.resolve(new Response('{"messages_count":{"11":"3","12":-1}}')),
    ]) {
      const { names } = await run({ answer });
      expect(names).toEqual(['0 comments', '0 comments', '0 comments']);
    }
  });

  it('takes #commentCount=N outside production, without asking', async () => {
    const { fetchMock, names } = await run({ hash: '#commentCount=7' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(names).toEqual(['7 comments', '7 comments', '7 comments']);
    const production = await run({ hash: '#commentCount=7', globals: { spotId: 'sp_1', hashOverride: false } });
    expect(production.fetchMock).toHaveBeenCalledTimes(1);
    expect(production.names).toEqual(['0 comments', '0 comments', '0 comments']);
  });

  it('shows 0 without asking when the page names no spot', async () => {
    const { fetchMock, names } = await run({ globals: 'not settings' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(names).toEqual(['0 comments', '0 comments', '0 comments']);
  });
});
