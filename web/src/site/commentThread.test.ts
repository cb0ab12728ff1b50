// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The thread script mounts when loaded (the paint gate adds it) and asks for the first page
// once the section nears the viewport: each case builds the page, stubs the observer and
// fetch, then loads a fresh copy of the module.
type Observed = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit };

const author = { display_name: 'Night Owl', initials: 'NO', avatar_color: '#1a2b3c' };
const comment = (id: number, body: string | null, replies: unknown[] = [], deleted = false) => ({
  id,
  parent_id: null,
  deleted,
  body,
  created_at: '2026-11-27T18:00:00Z',
  edited_at: null,
  author: deleted ? null : author,
  replies,
});
const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value)));

async function mount(answers: Array<Promise<Response>>) {
  document.body.innerHTML =
    '<section id="comments"><h2>Comments</h2><div id="comments-thread"></div></section>' +
    '<script type="application/json" id="comments-settings">{"postId":3101,"spotId":"sp_1"}</script>';
  const observed: Observed[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  const fetchMock = vi.fn(() => answers.shift() ?? Promise.reject(new TypeError('no more')));
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  await import('./commentThread');
  const nearViewport = () =>
    observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  return { fetchMock, observed, nearViewport, thread: document.getElementById('comments-thread')! };
}

afterEach(() => vi.unstubAllGlobals());

describe('the comment thread script', () => {
  it('asks nothing until the section nears the viewport, then renders the thread as text', async () => {
    const page = {
      total: 3,
      next_cursor: null,
      comments: [
        comment(1, '<script>alert(1)</script>\nsee https://example.com/a, or javascript:alert(1)', [
          { ...comment(2, 'a reply'), parent_id: 1 },
        ]),
        comment(3, null, [{ ...comment(4, 'under a deleted one'), parent_id: 3 }], true),
      ],
    };
    const { fetchMock, observed, nearViewport, thread } = await mount([json(page)]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(observed[0]!.options?.rootMargin).toBe('200px');
    nearViewport();
    await vi.waitFor(() => expect(thread.querySelectorAll('article')).toHaveLength(4));
    expect(fetchMock).toHaveBeenCalledWith('/comments/v1/thread?spot_id=sp_1&post_id=3101&sort=newest', {
      credentials: 'omit',
    });

    const first = thread.querySelector('article')!;
    expect(first.getAttribute('aria-label')).toBe('Comment by Night Owl');
    expect(thread.querySelector('script')).toBeNull(); // the body's markup stays text
    const body = first.querySelector('.comment__body')!;
    expect(body.textContent).toBe('<script>alert(1)</script>see https://example.com/a, or javascript:alert(1)');
    expect(body.querySelectorAll('br')).toHaveLength(1);
    const links = Array.from(body.querySelectorAll('a'), (a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([['https://example.com/a', 'https://example.com/a']]);
    expect(first.querySelector('time')!.dateTime).toBe('2026-11-27T18:00:00Z');
    expect(first.querySelector('.comment__avatar')!.textContent).toBe('NO');
    expect(first.querySelector('.comments__replies article')!.textContent).toContain('a reply');

    const deleted = thread.querySelectorAll('article')[2]!;
    expect(deleted.querySelector('.comment__body')!.textContent).toBe('This comment was deleted.');
    expect(deleted.querySelector('.comments__replies')!.textContent).toContain('under a deleted one');
    expect((thread.querySelector('.comments__more') as HTMLButtonElement).hidden).toBe(true);
  });

  it('shows more comments from the cursor, and a Retry when a page fails', async () => {
    const { fetchMock, nearViewport, thread } = await mount([
      json({ total: 2, next_cursor: 'abc', comments: [comment(1, 'one')] }),
      Promise.resolve(new Response('down', { status: 503 })),
      json({ total: 2, next_cursor: null, comments: [comment(2, 'two')] }),
    ]);
    nearViewport();
    const more = await vi.waitFor(() => {
      const button = thread.querySelector<HTMLButtonElement>('.comments__more')!;
      expect(button.hidden).toBe(false);
      return button;
    });
    more.click();
    const failure = thread.querySelector<HTMLElement>('.comments__failure')!;
    await vi.waitFor(() => expect(failure.hidden).toBe(false));
    expect(failure.textContent).toContain('Comments could not be loaded.');
    thread.querySelector<HTMLButtonElement>('.comments__retry')!.click();
    await vi.waitFor(() => expect(thread.querySelectorAll('article')).toHaveLength(2));
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/comments/v1/thread?spot_id=sp_1&post_id=3101&sort=newest&cursor=abc',
      { credentials: 'omit' },
    );
    expect(document.activeElement).toBe(thread.querySelectorAll('article')[1]);
    expect(failure.hidden).toBe(true);
  });

  it('shows the prompt\'s 3 messages first, then the rest of the page without asking again', async () => {
    const bodies = ['one', 'two', 'three', 'four', 'five'];
    const { fetchMock, nearViewport, thread } = await mount([
      json({ total: 5, next_cursor: null, comments: bodies.map((body, i) => comment(i + 1, body)) }),
    ]);
    nearViewport();
    const shown = () =>
      [...thread.querySelectorAll<HTMLLIElement>('.comments__list > li')].filter((item) => !item.hidden);
    const more = await vi.waitFor(() => {
      const button = thread.querySelector<HTMLButtonElement>('.comments__more')!;
      expect(button.hidden).toBe(false);
      return button;
    });
    expect(shown()).toHaveLength(3);
    expect(shown()[2]!.textContent).toContain('three');
    more.click();
    expect(shown()).toHaveLength(5);
    expect(document.activeElement).toBe(shown()[3]!.querySelector('article'));
    expect(more.hidden).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the story has no comments yet', async () => {
    const { nearViewport, thread } = await mount([json({ total: 0, next_cursor: null, comments: [] })]);
    nearViewport();
    await vi.waitFor(() => expect(thread.querySelector('[role="status"]')!.textContent).toBe('No comments yet.'));
  });
});
