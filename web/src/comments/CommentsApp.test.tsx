// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentsApp } from './CommentsApp';
import { ADA, comment, FakeEventSource, json, serve, SIGNED_IN } from './testServer';
import { SIGNED_OUT } from './wire';

const story = { spotId: 'sp_1', postId: '3101' };
const page = (comments: unknown[], next_cursor: string | null = null) => ({ total: comments.length, comments, next_cursor });
const renderApp = () => render(<CommentsApp story={story} webhook={null} path="/2026/11/22/rally/" />);
const articles = () => screen.queryAllByRole('article', { name: /^Comment by / });

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the comments under a story, for a reader who is signed out', () => {
  it('shows the thread as text, 3 at first, then the rest, then the next page; and the login prompt', async () => {
    const first = page(
      [
        comment(1, '&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)>\nsee https://example.com/a or javascript:alert(1)', {
          replies: [comment(2, 'a reply', { parent_id: 1, author: ADA })],
        }),
        comment(3, null, { replies: [comment(4, 'under a deleted one', { parent_id: 3 })] }),
        comment(5, 'third'),
        comment(6, 'fourth'),
      ],
      'c2',
    );
    const seen = serve({
      'GET /comments/v1/me': SIGNED_OUT,
      'GET /comments/v1/thread': (url: URL) => (url.searchParams.get('cursor') === 'c2' ? page([comment(7, 'fifth')]) : first),
    });
    const user = userEvent.setup();
    const { container } = renderApp();

    await waitFor(() => expect(articles()).toHaveLength(4)); // 1, its reply, 4 (under the deleted 3), 5
    const top = articles()[0]!;
    const body = top.querySelector('.comment__body')!;
    expect(body.textContent).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)>see https://example.com/a or javascript:alert(1)',
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(Array.from(body.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual(['https://example.com/a']);
    expect(screen.getByText('This comment was deleted.')).toBeInTheDocument();
    expect(screen.queryByText('fourth')).toBeNull();

    const login = screen.getByRole('link', { name: 'Log in to join the conversation.' });
    expect(login).toHaveAttribute('href', '/account/login?redirect=/2026/11/22/rally/%23comments');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(seen.find((r) => r.path === '/comments/v1/me')!.init.credentials).toBe('include');
    expect(seen.find((r) => r.path === '/comments/v1/thread')!.init.credentials).toBe('omit');

    await user.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(screen.getByText('fourth')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('fourth').closest('article')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(screen.getByText('fifth')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
  });

  it('asks for the sort the reader picks, and says when the thread could not be loaded', async () => {
    let fail = false;
    const seen = serve({
      'GET /comments/v1/me': SIGNED_OUT,
      'GET /comments/v1/thread': () => (fail ? json({ type: 'x', message: 'down' }, 503) : page([])),
    });
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(seen.at(-1)!.url.searchParams.get('sort')).toBe('newest');
    fail = true;
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Best');
    expect(await screen.findByText('Comments could not be loaded.')).toBeInTheDocument();
    expect(seen.at(-1)!.url.searchParams.get('sort')).toBe('best');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('answers a vote with the server’s refusal sentence, sending nothing', async () => {
    const seen = serve({ 'GET /comments/v1/me': SIGNED_OUT, 'GET /comments/v1/thread': page([comment(1, 'hello', { up_votes: 2 })]) });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Up vote 2' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Log in to join the conversation.');
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('a signed-in reader', () => {
  it('signs on to comments through the handshake, then may comment', async () => {
    let signedOn = false;
    const seen = serve({
      'GET /comments/v1/me': () => (signedOn ? SIGNED_IN : { ...SIGNED_OUT, signed_in: true }),
      'GET /blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 't-1', fullName: 'Ada Lovelace', firstName: 'Ada' } },
      'POST /comments/v1/sso/start': { code_a: 'A1' },
      'POST /plugins/public/openweb-v2/sso': { codeB: 'B1' },
      'POST /comments/v1/sso/complete': () => {
        signedOn = true;
        return { commenter: ADA };
      },
      'GET /comments/v1/thread': page([]),
    });
    renderApp();
    expect(await screen.findByLabelText('Add a comment')).toBeInTheDocument();
    const calls = seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);
    expect(calls).toEqual([
      ['/comments/v1/sso/start', undefined],
      ['/plugins/public/openweb-v2/sso', { code_a: 'A1', user_name: 'Ada Lovelace' }],
      ['/comments/v1/sso/complete', { codeB: 'B1' }],
    ]);
    expect(seen.filter((r) => r.path === '/comments/v1/me')).toHaveLength(2);
  });

  it('says why the handshake failed, with the server’s sentence', async () => {
    serve({
      'GET /comments/v1/me': { ...SIGNED_OUT, signed_in: true },
      'GET /blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 't-1', fullName: 'Ada Lovelace' } },
      'POST /comments/v1/sso/start': json({ type: 'too-many-requests', message: 'Too many tries. Please wait a minute.' }, 429),
      'GET /comments/v1/thread': page([]),
    });
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't sign you in to comments. Too many tries. Please wait a minute.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sees why they may not comment instead of the composer', async () => {
    serve({
      'GET /comments/v1/me': { ...SIGNED_IN, may_comment: false, refusal: 'A moderator has suspended your commenting on this site.' },
      'GET /comments/v1/thread': page([]),
      'GET /blaize/datalayer': { dataLayer: {} },
    });
    renderApp();
    expect(await screen.findByText('A moderator has suspended your commenting on this site.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
  });

  it('posts a comment that waits for a moderator, and sees it marked so', async () => {
    const waiting = comment(9, 'my first words', { author: ADA });
    const seen = serve({
      'GET /comments/v1/me': SIGNED_IN,
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': page([]),
      'POST /comments/v1/messages': json(
        { comment: waiting, status: 'pending', message: 'Thanks! Your comment will appear once a moderator has approved it.' },
        201,
      ),
    });
    const user = userEvent.setup();
    renderApp();
    await user.type(await screen.findByLabelText('Add a comment'), '  my first words ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const mine = await screen.findByRole('article', { name: 'Comment by Ada Lovelace' });
    expect(within(mine).getByText('Waiting for a moderator')).toBeInTheDocument();
    // The notice shown (the live region says it too, 100 ms later: both may be there by now).
    expect(screen.getByText('Thanks! Your comment will appear once a moderator has approved it.', { selector: '.comments__notice' })).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ spot_id: 'sp_1', post_id: '3101', parent_id: null, body: 'my first words' });
    expect(screen.getByLabelText('Add a comment')).toHaveValue('');
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toContainEqual(expect.objectContaining({ event: 'articlecomment' }));
  });

  it('votes, with the button pressed and the count the server gives', async () => {
    serve({
      'GET /comments/v1/me': SIGNED_IN,
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': page([comment(1, 'hello', { up_votes: 2 })]),
      'PUT /comments/v1/messages/1/vote': { up_votes: 3, down_votes: 0, vote: 1 },
    });
    const user = userEvent.setup();
    renderApp();
    const up = await screen.findByRole('button', { name: 'Up vote 2' });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    await user.click(up);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Up vote 3' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('edits and deletes their own comment, deleting only once asked to confirm', async () => {
    let body = 'frist';
    let gone = false;
    serve({
      'GET /comments/v1/me': { ...SIGNED_IN, own: [1] },
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': () => page(gone ? [] : [comment(1, body, { author: ADA, edited_at: body === 'first' ? '2026-11-27T18:05:00Z' : null })]),
      'PATCH /comments/v1/messages/1': () => {
        body = 'first';
        return { comment: comment(1, body, { author: ADA, edited_at: '2026-11-27T18:05:00Z' }), status: 'published', message: null };
      },
      'DELETE /comments/v1/messages/1': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit your comment');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'first');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(screen.getByText('(edited)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('first')).toBeInTheDocument(); // not yet: asked first
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(screen.queryByText('first')).toBeNull());
  });

  it('deleting a reply gives the focus to the comment it answered', async () => {
    let gone = false;
    const reply = comment(2, 'my reply', { parent_id: 1, author: ADA });
    serve({
      'GET /comments/v1/me': { ...SIGNED_IN, own: [2] },
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': () => page([comment(1, 'the question', { replies: gone ? [] : [reply] })]),
      'DELETE /comments/v1/messages/2': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(screen.queryByText('my reply')).toBeNull());
    expect(screen.getByText('the question').closest('article')).toHaveFocus();
  });
});

describe('reporting a comment', () => {
  it('asks for a reason, sends it with the note and says thanks; Escape closes it', async () => {
    const seen = serve({
      'GET /comments/v1/me': SIGNED_IN,
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': page([comment(1, 'buy cheap watches')]),
      'POST /comments/v1/messages/1/report': { message: 'Thanks for telling us. A moderator will look at this comment.' },
    });
    const user = userEvent.setup();
    renderApp();
    const report = await screen.findByRole('button', { name: 'Report' });
    await user.click(report);
    const dialog = screen.getByRole('dialog', { name: "Report Night Owl's comment" });
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(report).toHaveFocus());

    await user.click(report);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose why you are reporting this comment.');
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.type(screen.getByLabelText('Anything a moderator should know (optional)'), 'a link farm');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks for telling us. A moderator will look at this comment.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ reason: 'spam', note: 'a link farm' });
  });
});

describe('new comments arriving', () => {
  it('are fetched and announced politely', async () => {
    let comments = [comment(1, 'one')];
    serve({ 'GET /comments/v1/me': SIGNED_OUT, 'GET /comments/v1/thread': () => page(comments) });
    renderApp();
    await screen.findByText('one');
    expect(FakeEventSource.last!.url).toBe('/comments/v1/live?spot_id=sp_1&post_id=3101');
    comments = [comment(3, 'three'), comment(2, 'two'), ...comments];
    act(() => {
      FakeEventSource.last!.fire('comment', { id: 2, parent_id: null });
      FakeEventSource.last!.fire('comment', { id: 3, parent_id: null });
    });
    expect(await screen.findByText('three')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('2 new comments'));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(FakeEventSource.last!.closed).toBe(true);
  });

  it('are caught up once a dropped stream is back: what came meanwhile had no event', async () => {
    let comments = [comment(1, 'one')];
    serve({ 'GET /comments/v1/me': SIGNED_OUT, 'GET /comments/v1/thread': () => page(comments) });
    renderApp();
    await screen.findByText('one');
    act(() => FakeEventSource.last!.fire('open', {})); // the first opening reloads nothing
    act(() => FakeEventSource.last!.fire('error', {})); // the browser reconnects on its own
    comments = [comment(4, 'while away'), ...comments];
    expect(screen.queryByText('while away')).toBeNull();
    act(() => FakeEventSource.last!.fire('open', {}));
    expect(await screen.findByText('while away')).toBeInTheDocument();
  });
});

describe('following a commenter', () => {
  it('follows the author of a comment, and every comment of theirs says so; then stops', async () => {
    let following = false;
    const seen = serve({
      'GET /comments/v1/me': () => ({ ...SIGNED_IN, followed: following ? [1, 2] : [] }),
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': page([comment(1, 'one by them'), comment(2, 'two by them')]),
      'POST /comments/v1/messages/1/follow-author': () => ((following = true), { following: true }),
      'DELETE /comments/v1/messages/1/follow-author': () => ((following = false), { following: false }),
    });
    const user = userEvent.setup();
    renderApp();
    await screen.findByText('one by them');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Follow / })).toHaveLength(2));
    const [first] = screen.getAllByRole('button', { name: /^Follow / });
    expect(first).toHaveAttribute('aria-pressed', 'false');

    await user.click(first!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Following / })).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: /^Following / })[1]).toHaveAttribute('aria-pressed', 'true');
    expect(seen.some((r) => r.method === 'POST' && r.path.endsWith('/follow-author'))).toBe(true);

    await user.click(screen.getAllByRole('button', { name: /^Following / })[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Follow / })).toHaveLength(2));
  });
});

describe('before the reader’s state has answered', () => {
  it('offers no vote or heart to press: one pressed then would be refused for a session still opening', async () => {
    let answerMe: (response: Response) => void = () => undefined;
    const seen = serve({
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': page([comment(1, 'one by them')]),
    });
    const served = vi.mocked(fetch);
    const passThrough = served.getMockImplementation()!;
    served.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/comments/v1/me')) return new Promise<Response>((resolve) => (answerMe = resolve));
      return passThrough(input, init);
    });
    renderApp();
    await screen.findByText('one by them');
    expect(screen.getByRole('button', { name: 'Up vote 0' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Like 0' })).toBeDisabled();

    act(() => answerMe(json(SIGNED_IN)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Up vote 0' })).toBeEnabled());
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('the page’s comment counts of the story', () => {
  it('follow the thread once the reader’s own comment is published', async () => {
    const counts = document.createElement('p');
    counts.innerHTML = '<a href="#comments"><span data-comment-count="3101">1</span><span data-comment-label> comment</span></a>';
    document.body.append(counts);
    let comments = [comment(1, 'there first')];
    serve({
      'GET /comments/v1/me': SIGNED_IN,
      'GET /blaize/datalayer': { dataLayer: {} },
      'GET /comments/v1/thread': () => page(comments),
      'POST /comments/v1/messages': () => {
        const mine = comment(2, 'me too', { author: ADA });
        comments = [mine, ...comments];
        return json({ comment: mine, status: 'published', message: null }, 201);
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.type(await screen.findByLabelText('Add a comment'), 'me too');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(counts.textContent).toBe('2 comments'));
    counts.remove();
  });
});

describe('a comment a moderator removed above published replies', () => {
  it('keeps its place with the moderator sentence, and its replies show', async () => {
    const removed = comment(8, null, { removed: true, replies: [comment(9, 'a fair answer', { parent_id: 8 })] });
    serve({ 'GET /comments/v1/me': SIGNED_OUT, 'GET /comments/v1/thread': page([removed]) });
    renderApp();
    expect(await screen.findByText('This comment was removed by a moderator.')).toBeInTheDocument();
    expect(screen.queryByText('This comment was deleted.')).toBeNull();
    expect(screen.getByText('a fair answer')).toBeInTheDocument();
  });
});
