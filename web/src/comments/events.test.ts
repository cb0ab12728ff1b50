import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_KEY, CLIENT_ID_WAIT_MS, createForwarder, eventToForward, LAST_EVENT_KEY, messageTags } from './events';

const signedIn = { signedIn: true, clientId: 'ga-1', trackingId: 't-1' };

describe('which widget events go to the webhook (spec section 7)', () => {
  it('sends a signed-in reader’s event with the client and tracking ids', () => {
    const sent = eventToForward('upVote', { commentId: 7 }, signedIn, null);
    expect(sent?.type).toBe('spot-im-user-up-vote-click');
    expect(JSON.parse(sent!.details)).toEqual({ commentId: 7, clientId: 'ga-1', trackingId: 't-1' });
  });

  it('sends only reactions-voted for a reader who is not signed in', () => {
    const signedOut = { ...signedIn, signedIn: false };
    expect(eventToForward('upVote', {}, signedOut, null)).toBeNull();
    expect(eventToForward('reactionsVoted', {}, signedOut, null)?.type).toBe('spot-im-reactions-voted');
  });

  it('sends nothing without a client id or a tracking id', () => {
    expect(eventToForward('reactionsVoted', {}, { ...signedIn, clientId: '' }, null)).toBeNull();
    expect(eventToForward('reactionsVoted', {}, { ...signedIn, trackingId: '' }, null)).toBeNull();
  });

  it('sends nothing when the event is the last one sent', () => {
    const first = eventToForward('downVote', { commentId: 7 }, signedIn, null)!;
    expect(eventToForward('downVote', { commentId: 7 }, signedIn, first.fingerprint)).toBeNull();
    expect(eventToForward('downVote', { commentId: 8 }, signedIn, first.fingerprint)).not.toBeNull();
  });

  it('tags a sent message with its hashtags', () => {
    expect(messageTags('Go #Rangers! #rangers and #NHL_2026, not a#tag')).toEqual(['rangers', 'nhl_2026']);
  });
});

describe('the forwarder', () => {

  function storage(): Storage {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
      clear: () => values.clear(),
      key: () => null,
      get length() {
        return values.size;
      },
    };
  }
  const site = { restUrl: '/wp-json/', nonce: 'n', targetUrl: 'https://hooks.example/x' };

  it('remembers the last event in openweb-last-event and does not send it twice', async () => {
    const store = storage();
    store.setItem(CLIENT_ID_KEY, 'ga-1');
    const post = vi.fn((_site: unknown, _type: string, _details: string) => Promise.resolve(null));
    const forward = createForwarder({ site, reader: () => ({ signedIn: true, trackingId: 't-1' }), post, storage: store });
    forward('showMoreComments', { postId: '3101' });
    forward('showMoreComments', { postId: '3101' });
    forward('typingStart');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls.map((call) => call[1])).toEqual(['spot-im-show-more-comments-clicked', 'spot-im-current-user-typing-start']);
    expect(JSON.parse(store.getItem(LAST_EVENT_KEY)!)[0]).toBe('spot-im-current-user-typing-start');
  });

  it('sends nothing on a site without a webhook target, and logs a missing client id once, after the wait', async () => {
    vi.useFakeTimers();
    try {
      const post = vi.fn((_site: unknown, _type: string, _details: string) => Promise.resolve(null));
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      createForwarder({ site: null, reader: () => ({ signedIn: true, trackingId: 't' }), post, storage: storage() })('upVote');
      const forward = createForwarder({ site, reader: () => ({ signedIn: true, trackingId: 't' }), post, storage: storage() });
      forward('upVote');
      forward('downVote');
      await vi.advanceTimersByTimeAsync(CLIENT_ID_WAIT_MS - 200);
      expect(error).not.toHaveBeenCalled(); // still waiting for the analytics script
      await vi.advanceTimersByTimeAsync(400);
      expect(post).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledTimes(1);
      expect(error.mock.calls[0]![0]).toBe('The analytics client id is unavailable.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a client id the analytics script stores after the comments load', async () => {
    vi.useFakeTimers();
    try {
      const store = storage();
      const post = vi.fn((_site: unknown, _type: string, _details: string) => Promise.resolve(null));
      const forward = createForwarder({ site, reader: () => ({ signedIn: true, trackingId: 't-1' }), post, storage: store });
      forward('conversationViewed');
      await vi.advanceTimersByTimeAsync(1500);
      expect(post).not.toHaveBeenCalled();
      store.setItem(CLIENT_ID_KEY, 'ga-late');
      await vi.advanceTimersByTimeAsync(200);
      expect(post).toHaveBeenCalledTimes(1);
      expect(JSON.parse(post.mock.calls[0]![2])).toMatchObject({ clientId: 'ga-late', trackingId: 't-1' });
    } finally {
      vi.useRealTimers();
    }
  });
});
