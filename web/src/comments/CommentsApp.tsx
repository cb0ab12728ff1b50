/**
 * The comments under a story: the sort picker, the composer (or why the reader may not
 * comment, or the prompt to log in), the thread with the prompt's first 3 comments and "Show
 * more comments", the notifications bell, and new comments arriving live, announced politely.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { pushTrackingEvent } from '../tracking';
import * as api from './api';
import { Bell } from './Bell';
import { CommentItem } from './CommentItem';
import { Composer } from './Composer';
import { CommentsContext, type CommentsActions, type CommentsContextValue } from './context';
import { createForwarder, messageTags } from './events';
import { commenterNames, newCommentsText, patchComment, removeComment, withPending } from './thread';
import { useLive } from './useLive';
import { useReader, type Identity } from './useReader';
import { showCount } from './countNodes';
import { useThread } from './useThread';
import { postWebhook, type WebhookSite } from './webhook';
import type { Me, Sort } from './wire';

export interface CommentsAppProps {
  story: api.StoryRef;
  /** Where forwarded events go; null when the site has no webhook target. */
  webhook: WebhookSite | null;
  /** The story's path, for the login link to bring the reader back to its comments. */
  path: string;
}

const SORT_LABELS: ReadonlyArray<[Sort, string]> = [
  ['best', 'Best'],
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
];

export function loginHref(path: string): string {
  return `/account/login?redirect=${encodeURIComponent(`${path}#comments`).replace(/%2F/g, '/')}`;
}

function focusComment(root: HTMLElement | null, id: number | null): void {
  if (id === null) return;
  requestAnimationFrame(() => root?.querySelector<HTMLElement>(`[data-comment-id="${id}"]`)?.focus());
}

export function CommentsApp({ story, webhook, path }: CommentsAppProps) {
  const sortId = useId();
  const identity = useRef<Identity & { signedIn: boolean }>({ signedIn: false, trackingId: '', name: 'reader' });
  const forward = useMemo(
    () => createForwarder({ site: webhook, reader: () => identity.current, post: postWebhook, storage: safeStorage() }),
    [webhook],
  );
  const reader = useReader(story, forward, identity);
  const { me, setMe } = reader;
  const [sort, setSort] = useState<Sort>('newest');
  const thread = useThread(story, sort);
  const [announcement, setAnnouncement] = useState('');
  const posted = useRef(new Set<number>());
  const viewed = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const announce = useCallback((message: string) => {
    // Emptied first, so that the same sentence twice is still said twice.
    setAnnouncement('');
    setTimeout(() => setAnnouncement(message), 100);
  }, []);

  useLive(story, (ids) => {
    const others = ids.filter((id) => !posted.current.has(id));
    void thread.refresh().then(() => {
      if (others.length) announce(newCommentsText(others.length));
    });
  });

  // The page's counts said how many there were when it loaded; once the thread's number
  // changes (the reader's own comment, a deletion, a live arrival) they follow it.
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (thread.status !== 'ready') return;
    if (counted.current !== null && thread.total !== counted.current) showCount(story.postId, thread.total);
    counted.current = thread.total;
  }, [thread.status, thread.total, story.postId]);

  // The first page came from any cache (public, max-age=30). A signed-in reader may have just
  // written, or had a comment approved: they get the thread as it is now, once.
  const freshened = useRef(false);
  useEffect(() => {
    if (freshened.current || !me.signed_in || thread.status !== 'ready') return;
    freshened.current = true;
    void thread.refresh();
  }, [me.signed_in, thread]);

  useEffect(() => {
    if (viewed.current || thread.status !== 'ready' || !reader.ready) return;
    viewed.current = true;
    forward('conversationViewed', { postId: story.postId });
  }, [thread.status, reader.ready, forward, story.postId]);

  const { refresh, change } = thread;
  const actions = useMemo<CommentsActions>(() => {
    const opinion = (state: Me, id: number) => state.opinions[String(id)] ?? { vote: 0 as const, heart: false };
    return {
      async post(parentId, body) {
        const answer = await api.postComment(story, parentId, body);
        const id = answer.comment.id;
        posted.current.add(id);
        pushTrackingEvent('articlecomment', { postId: story.postId, spotId: story.spotId });
        forward('sentMessage', { commentId: id, parentId, tags: messageTags(body) });
        setMe((state) => ({
          ...state,
          own: [...state.own, id],
          pending: answer.status === 'pending' ? [...state.pending, answer.comment] : state.pending,
        }));
        // The focus stays in the composer (emptied, the outcome announced): the reader may go on.
        if (answer.status === 'published') await refresh(parentId ?? id);
        return answer;
      },
      async edit(id, body) {
        const answer = await api.editComment(id, body);
        const { body: saved, edited_at } = answer.comment;
        change((comments) => patchComment(comments, id, { body: saved, edited_at }));
        setMe((state) => ({
          ...state,
          pending:
            answer.status === 'pending'
              ? [...state.pending.filter((c) => c.id !== id), answer.comment]
              : state.pending.filter((c) => c.id !== id),
        }));
        await refresh();
        return answer;
      },
      async remove(id) {
        // The focus goes where the comment was: to the comment it answered, or for a comment
        // on the story to the section's heading.
        const parent = root.current
          ?.querySelector(`[data-comment-id="${id}"]`)
          ?.parentElement?.closest<HTMLElement>('article[data-comment-id]');
        await api.deleteComment(id);
        change((comments) => removeComment(comments, id));
        setMe((state) => ({ ...state, own: state.own.filter((own) => own !== id), pending: state.pending.filter((c) => c.id !== id) }));
        announce('Your comment was deleted.');
        const heading = document.getElementById('comments-heading');
        heading?.setAttribute('tabindex', '-1');
        (parent?.isConnected ? parent : heading)?.focus();
        await refresh();
      },
      async vote(id, value) {
        const answer = await api.vote(id, value);
        change((comments) => patchComment(comments, id, { up_votes: answer.up_votes, down_votes: answer.down_votes }));
        setMe((state) => ({ ...state, opinions: { ...state.opinions, [id]: { ...opinion(state, id), vote: answer.vote } } }));
      },
      async heart(id, value) {
        const answer = await api.heart(id, value);
        change((comments) => patchComment(comments, id, { hearts: answer.hearts }));
        setMe((state) => ({ ...state, opinions: { ...state.opinions, [id]: { ...opinion(state, id), heart: answer.heart } } }));
      },
      report: (id, reason, note) => api.report(id, reason, note),
      async follow(id, value) {
        await api.follow(id, value);
        const now = await api.getMe(story); // which comments share that author: the server knows
        setMe(() => now);
      },
    };
  }, [story, forward, setMe, refresh, change, announce]);

  const names = useMemo(() => commenterNames(thread.comments), [thread.comments]);
  const context = useMemo<CommentsContextValue>(
    () => ({ me, ready: reader.ready, names, forward, actions, announce }),
    [me, reader.ready, names, forward, actions, announce],
  );
  const pendingIds = useMemo(() => new Set(me.pending.map((comment) => comment.id)), [me.pending]);
  const shown = withPending(thread.comments.slice(0, thread.shown), me.pending);
  const onRead = useCallback(() => setMe((state) => ({ ...state, unread_notifications: 0 })), [setMe]);

  let join = null;
  if (reader.ready && !me.signed_in) {
    join = (
      <p className="comments__join">
        <a href={loginHref(path)}>{me.refusal ?? 'Log in to join the conversation.'}</a>
      </p>
    );
  } else if (reader.ready && me.commenter && me.may_comment) {
    join = <Composer label="Add a comment" submitLabel="Post" onSubmit={async (body) => (await actions.post(null, body)).message ?? 'Your comment was posted.'} />;
  } else if (reader.ready && me.signed_in && me.commenter && me.refusal) {
    join = <p className="comments__refusal">{me.refusal}</p>;
  }

  let status = '';
  if (thread.status === 'loading' || thread.status === 'more') status = 'Loading comments…';
  else if (thread.status === 'ready' && shown.length === 0) status = 'No comments yet.';
  const failed = thread.status === 'failed' || thread.status === 'more-failed';

  return (
    <CommentsContext.Provider value={context}>
      <div className="comments__client" ref={root}>
        <div className="comments__bar">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
            {SORT_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {me.commenter ? <Bell unread={me.unread_notifications} onRead={onRead} /> : null}
        </div>
        {reader.problem ? (
          <div className="comments__failure" role="alert">
            <p>{reader.problem}</p>
            <button type="button" className="comments__retry" onClick={reader.retry}>
              Try again
            </button>
          </div>
        ) : null}
        {join}
        <p className="comments__status" role="status">
          {status}
        </p>
        <ol className="comments__list">
          {shown.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} depth={0} pendingIds={pendingIds} />
            </li>
          ))}
        </ol>
        {failed ? (
          <div className="comments__failure">
            <p>Comments could not be loaded.</p>
            <button type="button" className="comments__retry" onClick={thread.retry}>
              Retry
            </button>
          </div>
        ) : null}
        {thread.hasMore && !failed && thread.status !== 'loading' ? (
          <button
            type="button"
            className="comments__more"
            aria-disabled={thread.status === 'more' || undefined}
            onClick={() => {
              if (thread.status === 'more') return;
              forward('showMoreComments', { postId: story.postId });
              void thread.more().then((id) => focusComment(root.current, id));
            }}
          >
            Show more comments
          </button>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </div>
    </CommentsContext.Provider>
  );
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
