// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentingLine, ERASED_TEXT, PRIVATE_TEXT } from './AuthorCard';
import { CommentsApp } from './CommentsApp';
import { ADA, comment, FakeEventSource, json, serve, SIGNED_IN } from './testServer';
import type { AuthorCard } from './wire';

const story = { spotId: 'sp_1', postId: '3101' };
const webhook = { restUrl: '/wp-json/', nonce: 'n-1', targetUrl: 'https://example.com/story' };
const thread = { total: 2, comments: [comment(1, 'first'), comment(2, 'second', { author: ADA })], next_cursor: null };
const OWL: AuthorCard = {
  display_name: 'Night Owl',
  initials: 'NO',
  avatar_color: '#1a2b3c',
  profile: 'public',
  bio: 'Mets fan since ’86.',
  location: 'Queens',
  comments: 12,
  commenting_since: '2026-03-04T10:00:00Z',
};
const hidden = { bio: null, location: null, comments: null, commenting_since: null, initials: null, avatar_color: null };

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.clear();
  localStorage.setItem('nyp_ga_client_id', 'ga-1');
});
afterEach(() => vi.unstubAllGlobals());

function signedIn(cards: Record<string, unknown>) {
  return serve({
    'GET /comments/v1/me': SIGNED_IN,
    'GET /blaize/datalayer': { dataLayer: { loggedIn: true, trackingId: 't-1', fullName: 'Ada Lovelace' } },
    'GET /comments/v1/thread': thread,
    'POST /wp-json/nyp-membership/v1/webhook': { ok: true },
    ...cards,
  });
}

describe('the author card opened from a byline', () => {
  it('shows what a public author shares, forwards "open profile", and Escape gives the focus back', async () => {
    const seen = signedIn({ 'GET /comments/v1/messages/1/author': OWL });
    const user = userEvent.setup();
    render(<CommentsApp story={story} webhook={webhook} path="/2026/11/22/rally/" />);

    const name = await screen.findByRole('button', { name: 'Night Owl' });
    expect(name).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Up vote/ })[0]).toBeEnabled());
    await user.click(name);
    const card = await screen.findByRole('region', { name: 'Night Owl' });
    expect(name).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(card).getByText('Queens')).toBeInTheDocument());
    expect(within(card).getByText('Mets fan since ’86.')).toBeInTheDocument();
    expect(within(card).getByText('12 comments on all stories since March 2026')).toBeInTheDocument();
    const asked = seen.find((r) => r.path === '/comments/v1/messages/1/author')!;
    expect(asked.init.credentials).toBe('omit');

    const forwarded = seen.filter((r) => r.path === '/wp-json/nyp-membership/v1/webhook').map((r) => (r.init.body as FormData).get('type'));
    expect(forwarded).toContain('spot-im-open-user-profile');

    await user.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Night Owl/ })).toBeNull();
    expect(name).toHaveFocus();

    await user.click(name);
    await user.keyboard('{Tab}{Escape}');
    expect(screen.queryByRole('region', { name: /Night Owl/ })).toBeNull();
    expect(name).toHaveFocus();
  });

  it('shows a private author’s name alone, an erased one’s closure, and a refusal’s sentence', async () => {
    const gone = comment(3, 'third', { author: { display_name: 'Former reader', initials: null, avatar_color: null } });
    signedIn({
      'GET /comments/v1/thread': { ...thread, total: 3, comments: [...thread.comments, gone] },
      'GET /comments/v1/messages/1/author': { ...OWL, ...hidden, display_name: 'Hidden', profile: 'private' },
      'GET /comments/v1/messages/2/author': json({ type: 'comment-not-found', message: 'This comment is no longer available.' }, 404),
      'GET /comments/v1/messages/3/author': { ...OWL, ...hidden, display_name: 'Former reader', profile: 'erased' },
    });
    const user = userEvent.setup();
    render(<CommentsApp story={story} webhook={null} path="/2026/11/22/rally/" />);

    await user.click(await screen.findByRole('button', { name: 'Night Owl' }));
    expect(await screen.findByText(PRIVATE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/comments since/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Hidden' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This comment is no longer available.');

    await user.click(screen.getByRole('button', { name: 'Former reader' }));
    expect(await screen.findByText(ERASED_TEXT)).toBeInTheDocument();
    expect(screen.queryAllByText(PRIVATE_TEXT)).toHaveLength(1); // the first card's, still open
  });

  it('words the commenting line for one comment, and has none for an erased account', () => {
    expect(commentingLine({ ...OWL, comments: 1 })).toBe('1 comment on all stories since March 2026');
    expect(commentingLine({ ...OWL, ...hidden, display_name: 'Former reader', profile: 'erased' })).toBeNull();
  });
});
