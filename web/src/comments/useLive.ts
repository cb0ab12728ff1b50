/**
 * New comments while the reader is on the page: an EventSource on GET /comments/v1/live. Each
 * `comment` event's id is kept; a moment after the last of a burst the caller is told the ids
 * that came, once. Closed on pagehide (a page kept in the back/forward cache holds no connection),
 * opened again when such a page is shown. Comments published while the stream was down (the
 * browser reconnecting after a drop, or the page asleep in that cache) come with no event: the
 * caller is told once the stream is back, with no ids, and reloads what it shows.
 */
import { useEffect, useRef } from 'react';
import type { StoryRef } from './api';

/** Events arriving together (a moderator approving several) make one refetch and one announcement. */
export const LIVE_SETTLE_MS = 300;

export function useLive(ref: StoryRef, onComments: (ids: number[]) => void): void {
  const latest = useRef(onComments);
  latest.current = onComments;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const query = new URLSearchParams({ spot_id: ref.spotId, post_id: ref.postId });
    let source: EventSource | null = null;
    let waiting: number[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onComment = (event: MessageEvent<string>) => {
      let id = 0;
      try {
        id = Number((JSON.parse(event.data) as { id?: unknown }).id) || 0;
      } catch {
        id = 0; // still a new comment, of unknown id
      }
      waiting.push(id);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const ids = waiting;
        waiting = [];
        latest.current(ids);
      }, LIVE_SETTLE_MS);
    };
    let missed = false; // the stream was down after it had been up: events may be lost
    const open = () => {
      if (source) return;
      source = new EventSource(`/comments/v1/live?${query}`);
      source.addEventListener('comment', onComment);
      source.addEventListener('error', () => {
        missed = true;
      });
      source.addEventListener('open', () => {
        if (!missed) return;
        missed = false;
        latest.current([]);
      });
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      missed = true;
      open();
    };
    open();
    window.addEventListener('pagehide', close);
    window.addEventListener('pageshow', onShow);
    return () => {
      close();
      clearTimeout(timer);
      window.removeEventListener('pagehide', close);
      window.removeEventListener('pageshow', onShow);
    };
  }, [ref]);
}
