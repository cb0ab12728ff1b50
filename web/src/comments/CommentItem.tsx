/**
 * One comment: its byline, its text (React text and http(s) links only), votes and the heart,
 * and the reader's actions: reply, edit and delete their own, report another's. Replies show
 * two levels deep; the top level's first 3 replies, then "Show more replies".
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { CommentsError, UNKNOWN_MESSAGE } from './api';
import { AuthorCard } from './AuthorCard';
import { Composer } from './Composer';
import { useComments } from './context';
import { ReportDialog } from './ReportDialog';
import { bodyParts, COLOUR, inkOn } from './text';
import { PROMPT_MESSAGES } from './thread';
import type { Commenter, ThreadComment, Vote } from './wire';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const DELETED_TEXT = 'This comment was deleted.';
export const REMOVED_TEXT = 'This comment was removed by a moderator.';
export const PENDING_TEXT = 'Waiting for a moderator';

export function CommentText({ body }: { body: string }) {
  return (
    <p className="comment__body">
      {bodyParts(body).map((part, index) =>
        part.kind === 'break' ? (
          <br key={index} />
        ) : part.kind === 'link' ? (
          <a key={index} href={part.href} rel="nofollow ugc noopener">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function Byline({ author, comment, pending }: { author: Commenter; comment: ThreadComment; pending: boolean }) {
  const { forward } = useComments();
  const [card, setCard] = useState(false);
  const nameButton = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const colour = author.avatar_color && COLOUR.test(author.avatar_color) ? author.avatar_color : null;
  const toggleCard = () => {
    if (!card) forward('openProfile', { commentId: comment.id });
    setCard(!card);
  };
  return (
    <>
      <header className="comment__byline">
        {author.initials && colour ? (
          // The name beside it says who.
          <span className="comment__avatar" aria-hidden="true" style={{ backgroundColor: colour, color: inkOn(colour) }}>
            {author.initials}
          </span>
        ) : null}
        {pending ? (
          // Not published yet: nobody else can see it, nor open its author's card.
          <span className="comment__author">{author.display_name}</span>
        ) : (
          <button
            ref={nameButton}
            type="button"
            className="comment__author comment__author--button"
            aria-expanded={card}
            aria-controls={card ? cardId : undefined}
            onClick={toggleCard}
          >
            {author.display_name}
          </button>
        )}{' '}
        {comment.created_at ? (
          <time className="comment__time" dateTime={comment.created_at}>
            {WHEN.format(new Date(comment.created_at))}
          </time>
        ) : null}
        {comment.edited_at ? <span className="comment__edited"> (edited)</span> : null}
        {comment.featured ? <span className="comment__badge">Featured</span> : null}
        {pending ? <span className="comment__badge comment__badge--pending">{PENDING_TEXT}</span> : null}
      </header>
      {card ? (
        <AuthorCard
          id={cardId}
          commentId={comment.id}
          name={author.display_name}
          onClose={() => {
            setCard(false);
            nameButton.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

type Mode = 'idle' | 'replying' | 'editing' | 'deleting' | 'reporting';

export interface CommentItemProps {
  comment: ThreadComment;
  depth: number;
  pendingIds: ReadonlySet<number>;
}

export function CommentItem({ comment, depth, pendingIds }: CommentItemProps) {
  const { me, ready, actions, forward, announce } = useComments();
  const [mode, setMode] = useState<Mode>('idle');
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [allReplies, setAllReplies] = useState(false);
  const article = useRef<HTMLElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const pending = pendingIds.has(comment.id);
  const own = me.own.includes(comment.id) || pending;
  const opinion = me.opinions[String(comment.id)] ?? { vote: 0, heart: false };
  const visible = !comment.deleted && comment.author && comment.body !== null;

  /** Runs a reader's action; a refusal (or a signed-out reader) shows beside the comment. */
  const act = async (run: () => Promise<void>) => {
    setAlert(null);
    if (!me.commenter) {
      setAlert(me.refusal ?? 'Log in to join the conversation.');
      return;
    }
    try {
      await run();
    } catch (failure) {
      setAlert(failure instanceof CommentsError ? failure.message : UNKNOWN_MESSAGE);
    }
  };
  const castVote = (value: Vote) => {
    forward(value === -1 ? 'downVote' : 'upVote', { commentId: comment.id });
    void act(() => actions.vote(comment.id, opinion.vote === value ? 0 : value));
  };
  const toggleHeart = () => {
    forward('reactionsVoted', { commentId: comment.id, reaction: 'heart', voted: !opinion.heart });
    void act(() => actions.heart(comment.id, !opinion.heart));
  };
  // Edit and Delete: under the reader's own comments, published or waiting for a moderator.
  const ownActions = (
    <>
      <button ref={editButton} type="button" className="comment__action" onClick={() => setMode('editing')}>
        Edit
      </button>
      <button ref={deleteButton} type="button" className="comment__action" onClick={() => setMode('deleting')}>
        Delete
      </button>
    </>
  );
  const following = me.followed.includes(comment.id);
  const toggleFollow = () => void act(() => actions.follow(comment.id, !following));
  const tell = (message: string) => {
    setStatus(message);
    announce(message);
  };
  const back = (button: { current: HTMLButtonElement | null }) => requestAnimationFrame(() => button.current?.focus());

  let replies: ReactNode = null;
  if (comment.replies.length && depth < 2) {
    const limit = depth === 0 && !allReplies ? PROMPT_MESSAGES : comment.replies.length;
    const shown = comment.replies.slice(0, limit);
    replies = (
      <>
        <ol className="comments__replies">
          {shown.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} depth={depth + 1} pendingIds={pendingIds} />
            </li>
          ))}
        </ol>
        {limit < comment.replies.length ? (
          <button
            type="button"
            className="comments__more comments__more--replies"
            onClick={() => {
              forward('showMoreReplies', { commentId: comment.id });
              setAllReplies(true);
              const next = comment.replies[limit]?.id;
              requestAnimationFrame(() => {
                const target = article.current?.querySelector<HTMLElement>(`[data-comment-id="${next}"]`);
                target?.focus();
              });
            }}
          >
            Show more replies
          </button>
        ) : null}
      </>
    );
  }

  if (!visible) {
    return (
      <article ref={article} className="comment comment--deleted" data-comment-id={comment.id} tabIndex={-1}>
        <p className="comment__body">{comment.removed ? REMOVED_TEXT : DELETED_TEXT}</p>
        {replies}
      </article>
    );
  }
  const author = comment.author!;
  return (
    <article
      ref={article}
      className={`comment${pending ? ' comment--pending' : ''}`}
      data-comment-id={comment.id}
      aria-label={`Comment by ${author.display_name}`}
      tabIndex={-1}
    >
      <Byline author={author} comment={comment} pending={pending} />
      {mode === 'editing' ? (
        <Composer
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body!}
          autoFocus
          onSubmit={async (body) => {
            const saved = await actions.edit(comment.id, body);
            setMode('idle');
            tell(saved.message ?? 'Your comment was saved.');
            back(editButton);
            return null;
          }}
          onCancel={() => {
            setMode('idle');
            back(editButton);
          }}
        />
      ) : (
        <CommentText body={comment.body!} />
      )}
      {pending ? null : (
        <div className="comment__actions">
          <button type="button" className="comment__action" aria-pressed={opinion.vote === 1} disabled={!ready} onClick={() => castVote(1)}>
            <span aria-hidden="true">▲</span>
            <span className="visually-hidden">Up vote</span> {comment.up_votes}
          </button>
          <button type="button" className="comment__action" aria-pressed={opinion.vote === -1} disabled={!ready} onClick={() => castVote(-1)}>
            <span aria-hidden="true">▼</span>
            <span className="visually-hidden">Down vote</span> {comment.down_votes}
          </button>
          <button
            type="button"
            className="comment__action comment__action--heart"
            aria-pressed={opinion.heart}
            disabled={!ready}
            onClick={toggleHeart}
            onMouseEnter={() => forward('likeHoverDetails', { commentId: comment.id })}
          >
            <span aria-hidden="true">♥</span>
            <span className="visually-hidden">Like</span> {comment.hearts}
          </button>
          {me.commenter && me.may_comment ? (
            <button ref={replyButton} type="button" className="comment__action" aria-expanded={mode === 'replying'} onClick={() => setMode(mode === 'replying' ? 'idle' : 'replying')}>
              Reply
            </button>
          ) : null}
          {me.commenter && own ? ownActions : null}
          {me.commenter && !own ? (
            <>
              <button
                type="button"
                className="comment__action"
                aria-pressed={following}
                aria-label={`${following ? 'Following' : 'Follow'} ${author.display_name}`}
                onClick={toggleFollow}
              >
                {following ? 'Following' : 'Follow'}
              </button>
              <button ref={reportButton} type="button" className="comment__action" aria-expanded={mode === 'reporting'} onClick={() => setMode('reporting')}>
                Report
              </button>
            </>
          ) : null}
        </div>
      )}
      {pending && me.commenter ? <div className="comment__actions">{ownActions}</div> : null}
      {mode === 'deleting' ? (
        <div className="comments__confirm" role="group" aria-label="Delete this comment?">
          <p>Delete this comment? This can't be undone.</p>
          <div className="comments__buttons">
            <button
              type="button"
              className="comments__button comments__button--primary"
              autoFocus
              onClick={() =>
                void act(async () => {
                  await actions.remove(comment.id);
                  setMode('idle');
                })
              }
            >
              Yes, delete it
            </button>
            <button
              type="button"
              className="comments__button"
              onClick={() => {
                setMode('idle');
                back(deleteButton);
              }}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : null}
      {mode === 'reporting' ? (
        <ReportDialog
          author={author.display_name}
          send={(reason, note) => actions.report(comment.id, reason, note)}
          onDone={(message) => {
            setMode('idle');
            if (message) tell(message);
            back(reportButton);
          }}
        />
      ) : null}
      {alert ? (
        <p className="comments__error" role="alert">
          {alert}
        </p>
      ) : null}
      {status ? <p className="comments__notice">{status}</p> : null}
      {mode === 'replying' ? (
        <Composer
          label={`Reply to ${author.display_name}`}
          submitLabel="Post reply"
          autoFocus
          onSubmit={async (body) => {
            const posted = await actions.post(comment.id, body);
            setMode('idle');
            tell(posted.message ?? 'Your reply was posted.');
            back(replyButton);
            return null;
          }}
          onCancel={() => {
            setMode('idle');
            back(replyButton);
          }}
        />
      ) : null}
      {replies}
    </article>
  );
}
