import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { formatMoment } from '../format';
import { readerPath } from '../readers/format';
import type { FeedbackItem } from './data';
import { brandLabel, excerpt, replyLink, topicLabel, writerName } from './format';

/** One message: when, from which site, about what, who wrote it, and its first lines. */
export function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const headingId = `feedback-${item.id}`;
  const messageId = useId();
  const [open, setOpen] = useState(false);
  const short = excerpt(item.message);
  return (
    <li className="card feedback-item" aria-labelledby={headingId}>
      <div className="admin-card-head">
        <h3 id={headingId} className="feedback-item__title">
          {topicLabel(item.topic)}
        </h3>
        <span className="feedback-item__when">{formatMoment(item.created_at)}</span>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>From</dt>
          <dd>
            {item.reader_id !== null ? (
              <Link to={readerPath(item.reader_id)}>{writerName(item)}</Link>
            ) : (
              <span className="admin-note">Account deleted</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Email when written</dt>
          <dd className="feedback-item__email">{item.email}</dd>
        </div>
        <div>
          <dt>Site</dt>
          <dd>{brandLabel(item.brand)}</dd>
        </div>
        <div>
          <dt>May reply</dt>
          <dd>
            {item.may_reply ? (
              <>
                Yes: <a href={replyLink(item)}>write to {item.email}</a>
              </>
            ) : (
              'No'
            )}
          </dd>
        </div>
      </dl>
      <p id={messageId} className="feedback-item__message">
        {short === null || open ? item.message : short}
      </p>
      {short !== null && (
        <Button variant="link" className="feedback-item__toggle" aria-expanded={open} aria-controls={messageId} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show all'}
        </Button>
      )}
    </li>
  );
}
