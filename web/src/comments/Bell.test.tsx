// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bell, notificationHref } from './Bell';
import { CommentsContext, type CommentsContextValue } from './context';
import { serve, SIGNED_IN } from './testServer';

afterEach(() => vi.unstubAllGlobals());

function renderBell(unread: number, onRead = vi.fn(), forward = vi.fn()) {
  const context = { me: SIGNED_IN, ready: true, names: [], forward, actions: {}, announce: vi.fn() } as unknown as CommentsContextValue;
  render(
    <CommentsContext.Provider value={context}>
      <Bell unread={unread} onRead={onRead} />
    </CommentsContext.Provider>,
  );
}

describe('the notifications button', () => {
  it('says how many are unread, lists them when opened and marks them read', async () => {
    const seen = serve({
      'GET /comments/v1/notifications': {
        unread: 1,
        notifications: [
          { id: 4, kind: 'reply', text: 'Sam S. replied to your comment.', post_url: '/2026/11/22/x/', comment_id: 9, created_at: '2026-11-27T18:00:00Z', read: false },
          { id: 3, kind: 'like', text: 'Someone liked your comment.', post_url: 'javascript:alert(1)', comment_id: 8, created_at: '2026-11-27T17:00:00Z', read: true },
        ],
      },
      'POST /comments/v1/notifications/read': new Response(null, { status: 204 }),
    });
    const onRead = vi.fn();
    const forward = vi.fn();
    renderBell(2, onRead, forward);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const link = await screen.findByRole('link', { name: 'Sam S. replied to your comment.' });
    expect(link).toHaveAttribute('href', '/2026/11/22/x/#comments');
    expect(screen.getByText('Someone liked your comment.').closest('a')).toBeNull();
    await waitFor(() => expect(onRead).toHaveBeenCalled());
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /comments/v1/notifications', 'POST /comments/v1/notifications/read']);
    expect(forward).toHaveBeenCalledWith('notificationDropdownLink');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('keeps a notification link on http(s) or this site', () => {
    expect(notificationHref('https://example.com/a')).toBe('https://example.com/a#comments');
    expect(notificationHref('//evil.example/a')).toBeNull();
    expect(notificationHref('javascript:alert(1)')).toBeNull();
  });
});
