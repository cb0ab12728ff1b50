import { Button } from '../../ui/Button';
import { formatMoment } from '../format';
import type { CommentAction, QueueItem, QueueName } from './data';
import { heldText, reportReason } from './texts';

interface CommentCardProps {
  item: QueueItem;
  queue: QueueName;
  busy: boolean;
  onAct: (item: QueueItem, action: CommentAction) => void;
  onBan: (item: QueueItem) => void;
}

/**
 * One comment as a moderator judges it: where it was written, by whom, what it answers, why it
 * is here, and the decisions. Every reader's words are shown as text, never as markup.
 */
// In the list of every comment, where each stands.
const STATUS_TEXT: Record<string, string> = { published: 'Published', pending: 'Waiting for a moderator', rejected: 'Rejected' };

export function CommentCard({ item, queue, busy, onAct, onBan }: CommentCardProps) {
  const headingId = `comment-${item.id}`;
  const author = item.author;
  return (
    <li className="card comment-card">
      <div className="admin-card-head">
        <h3 id={headingId} className="comment-card__author">
          {author.display_name}
          {author.email && <span className="comment-card__email"> ({author.email})</span>}
        </h3>
        <p className="comment-card__when">{formatMoment(item.created_at)}</p>
      </div>
      <p className="comment-card__story">
        On{' '}
        {item.story.url ? (
          <a href={item.story.url} target="_blank" rel="noreferrer">
            {item.story.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          item.story.title
        )}
      </p>
      {item.parent_excerpt !== null && (
        <blockquote className="comment-card__parent">
          <p>
            <span className="comment-card__label">In reply to: </span>
            {item.parent_excerpt}
          </p>
        </blockquote>
      )}
      <p className="comment-card__body">{item.body}</p>
      {queue === 'pending' && <p className="comment-card__why">{heldText(item.held_reason)}</p>}
      {queue === 'all' && <p className="comment-card__why">{STATUS_TEXT[item.status] ?? item.status}</p>}
      {queue === 'reported' && (
        <div className="comment-card__reports">
          <p className="comment-card__why">
            {item.open_reports} {item.open_reports === 1 ? 'report' : 'reports'}
          </p>
          <ul>
            {item.reports.map((report, index) => (
              <li key={index}>
                <strong>{reportReason(report.reason)}</strong>
                {report.note && <>: {report.note}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {author.banned && <p className="comment-card__why">The author is banned from commenting.</p>}
      <div className="admin-actions comment-card__actions" role="group" aria-label={`Decide on the comment by ${author.display_name}`}>
        {item.status === 'pending' && (
          <Button className="button--small" disabled={busy} onClick={() => onAct(item, 'approve')}>
            Approve
          </Button>
        )}
        {item.status !== 'rejected' && (
          <Button variant="secondary" className="button--small" disabled={busy} onClick={() => onAct(item, 'reject')}>
            Reject
          </Button>
        )}
        {queue === 'reported' && (
          <Button variant="secondary" className="button--small" disabled={busy} onClick={() => onAct(item, 'dismiss-reports')}>
            Dismiss reports
          </Button>
        )}
        {item.status === 'published' && (
          <Button variant="secondary" className="button--small" disabled={busy} onClick={() => onAct(item, item.featured ? 'unfeature' : 'feature')}>
            {item.featured ? 'Unfeature' : 'Feature'}
          </Button>
        )}
        {author.user_id !== null && !author.banned && (
          <Button variant="secondary" className="button--small" disabled={busy} onClick={() => onBan(item)}>
            Ban author
          </Button>
        )}
      </div>
    </li>
  );
}
