/**
 * The author card: opened from a published comment's byline (the widget's "open profile"),
 * it shows what the author lets readers see: their avatar and name, location and bio, and
 * how much and since when they have commented. A private profile shows the name alone.
 * Escape or Close shuts it; the caller gives the focus back to the name.
 */
import { useEffect, useId, useState } from 'react';
import { CommentsError, getAuthorCard, UNKNOWN_MESSAGE } from './api';
import { COLOUR, inkOn } from './text';
import type { AuthorCard as Card } from './wire';

export const PRIVATE_TEXT = 'This reader keeps their profile private.';
export const ERASED_TEXT = 'This reader has closed their account.';
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "12 comments on all stories since March 2026": the card's line about the author's commenting
 * (on every story, not only this one: the thread's own count is beside it). */
export function commentingLine(card: Card): string | null {
  if (card.comments === null) return null;
  const count = `${card.comments} ${card.comments === 1 ? 'comment' : 'comments'}`;
  return card.commenting_since ? `${count} on all stories since ${MONTH.format(new Date(card.commenting_since))}` : `${count} on all stories`;
}

export interface AuthorCardProps {
  id: string;
  commentId: number;
  name: string;
  onClose: () => void;
}

export function AuthorCard({ id, commentId, name, onClose }: AuthorCardProps) {
  const titleId = useId();
  const [card, setCard] = useState<Card | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getAuthorCard(commentId).then(
      (answer) => current && setCard(answer),
      (failure: unknown) => current && setError(failure instanceof CommentsError ? failure.message : UNKNOWN_MESSAGE),
    );
    return () => {
      current = false;
    };
  }, [commentId]);

  const colour = card?.avatar_color && COLOUR.test(card.avatar_color) ? card.avatar_color : null;
  const commenting = card ? commentingLine(card) : null;
  return (
    <section
      id={id}
      className="comment__card"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <p className="comment__card-name" id={titleId}>
        {card?.initials && colour ? (
          <span className="comment__avatar" aria-hidden="true" style={{ backgroundColor: colour, color: inkOn(colour) }}>
            {card.initials}
          </span>
        ) : null}
        {card?.display_name ?? name}
      </p>
      {card === null && error === null ? <p aria-live="polite">Loading…</p> : null}
      {error ? (
        <p className="comments__error" role="alert">
          {error}
        </p>
      ) : null}
      {card?.location ? <p className="comment__card-detail">{card.location}</p> : null}
      {card?.bio ? <p className="comment__card-bio">{card.bio}</p> : null}
      {commenting ? <p className="comment__card-detail">{commenting}</p> : null}
      {card?.profile === 'private' ? <p className="comment__card-detail">{PRIVATE_TEXT}</p> : null}
      {card?.profile === 'erased' ? <p className="comment__card-detail">{ERASED_TEXT}</p> : null}
      <button type="button" className="comments__button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
