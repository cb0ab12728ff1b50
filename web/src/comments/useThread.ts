/**
 * The story's thread as the reader has loaded it: the pages asked so far in one sort, how
 * many top-level comments show (the prompt's 3, then all loaded), and the calls that change
 * it. An answer to an older question (the sort changed meanwhile) is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getThread, type StoryRef } from './api';
import { PROMPT_MESSAGES } from './thread';
import type { Sort, ThreadComment } from './wire';

export type ThreadStatus = 'loading' | 'ready' | 'failed' | 'more' | 'more-failed';

export interface ThreadView {
  status: ThreadStatus;
  comments: ThreadComment[];
  total: number;
  shown: number;
  hasMore: boolean;
  /** Reveals the loaded comments beyond the prompt, else loads the next page. Resolves to
   * the id of the first comment newly shown, for the focus to go on from. */
  more: () => Promise<number | null>;
  retry: () => void;
  /** Asks the pages it has again, past any cache (after a write or a live event); `reveal`:
   * a comment that must show afterwards (the reader's new one). */
  refresh: (reveal?: number) => Promise<void>;
  change: (update: (comments: ThreadComment[]) => ThreadComment[]) => void;
}

interface Loaded {
  comments: ThreadComment[];
  total: number;
  next: string | null;
  pages: number;
}

const EMPTY: Loaded = { comments: [], total: 0, next: null, pages: 0 };

export function useThread(ref: StoryRef, sort: Sort): ThreadView {
  const [status, setStatus] = useState<ThreadStatus>('loading');
  const [loaded, setLoaded] = useState<Loaded>(EMPTY);
  const [shown, setShown] = useState(PROMPT_MESSAGES);
  const asked = useRef(0);
  const current = useRef(loaded);
  current.current = loaded;

  const first = useCallback(async () => {
    const ask = ++asked.current;
    setStatus('loading');
    try {
      const page = await getThread(ref, sort, null);
      if (ask !== asked.current) return;
      setLoaded({ comments: page.comments, total: page.total, next: page.next_cursor, pages: 1 });
      setShown(PROMPT_MESSAGES);
      setStatus('ready');
    } catch {
      if (ask === asked.current) setStatus('failed');
    }
  }, [ref, sort]);

  useEffect(() => {
    setLoaded(EMPTY);
    void first();
  }, [first]);

  const more = useCallback(async (): Promise<number | null> => {
    const now = current.current;
    if (shown < now.comments.length) {
      setShown(now.comments.length);
      return now.comments[shown]?.id ?? null;
    }
    if (!now.next) return null;
    const ask = asked.current;
    setStatus('more');
    try {
      const page = await getThread(ref, sort, now.next);
      if (ask !== asked.current) return null;
      const comments = [...now.comments, ...page.comments];
      setLoaded({ comments, total: page.total, next: page.next_cursor, pages: now.pages + 1 });
      setShown(comments.length);
      setStatus('ready');
      return page.comments[0]?.id ?? null;
    } catch {
      if (ask === asked.current) setStatus('more-failed');
      return null;
    }
  }, [ref, sort, shown]);

  const refresh = useCallback(async (reveal?: number) => {
    const ask = ++asked.current;
    const pages = Math.max(1, current.current.pages);
    let comments: ThreadComment[] = [];
    let cursor: string | null = null;
    let total = 0;
    let count = 0;
    try {
      do {
        const page = await getThread(ref, sort, cursor, true);
        comments = [...comments, ...page.comments];
        cursor = page.next_cursor;
        total = page.total;
        count += 1;
      } while (cursor && count < pages);
    } catch {
      return; // the thread on the page stays as it was; the next event or action asks again
    }
    if (ask !== asked.current) return;
    const before = current.current.comments.length;
    const all = shown >= before && before > PROMPT_MESSAGES; // the reader had revealed them all
    const at = reveal === undefined ? -1 : comments.findIndex((comment) => comment.id === reveal);
    setLoaded({ comments, total, next: cursor, pages: count });
    setShown(all ? comments.length : Math.max(shown, at + 1));
    setStatus('ready');
  }, [ref, sort, shown]);

  const change = useCallback((update: (comments: ThreadComment[]) => ThreadComment[]) => {
    setLoaded((now) => ({ ...now, comments: update(now.comments) }));
  }, []);

  return {
    status,
    comments: loaded.comments,
    total: loaded.total,
    shown,
    hasMore: shown < loaded.comments.length || loaded.next !== null,
    more,
    retry: () => void (status === 'more-failed' ? more() : first()),
    refresh,
    change,
  };
}
