import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { errorText } from '../../ui/ModalDialog';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { BanDialog } from './BanDialog';
import { CommentCard } from './CommentCard';
import { CommentsNav } from './CommentsNav';
import { actOn, banAuthor, liftBan, useBans, useModeration, useQueue, type CommentAction, type QueueItem, type QueueName } from './data';
import './comments.css';

const QUEUES: readonly { name: QueueName; label: string; empty: string }[] = [
  { name: 'pending', label: 'Pending', empty: 'No comment is waiting for a moderator.' },
  { name: 'reported', label: 'Reported', empty: 'No reported comment is waiting.' },
  // Every comment, newest first: where a moderator finds a published one to feature, reject,
  // or whose author to ban.
  { name: 'all', label: 'All', empty: 'No reader has commented yet.' },
];

function queueOf(params: URLSearchParams): QueueName {
  return QUEUES.find((queue) => queue.name === params.get('queue'))?.name ?? 'pending';
}

type Notice = { tone: 'done' | 'failed'; text: string } | null;

/** Comments (moderators): the pending and reported queues, each comment's decisions, and the bans. */
export default function CommentsScreen() {
  const [params] = useSearchParams();
  const queueName = queueOf(params);
  const current = QUEUES.find((queue) => queue.name === queueName)!;
  const queue = useQueue(queueName);
  const moderation = useModeration<unknown>();
  const [notice, setNotice] = useState<Notice>(null);
  const [banning, setBanning] = useState<QueueItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // After a decision the comment leaves the list: the focus goes to the list's heading, the
  // result is said in the status region above it.
  const act = (item: QueueItem, action: CommentAction) => {
    setNotice(null);
    moderation.mutate(() => actOn(item.id, action), {
      onSuccess: (answer) => setNotice({ tone: 'done', text: (answer as { message: string }).message }),
      onError: (caught) => setNotice({ tone: 'failed', text: errorText(caught) }),
      onSettled: () => heading.current?.focus(),
    });
  };
  const ban = async (item: QueueItem, reason: string, days: number | null) => {
    const given = await moderation.mutateAsync(() => banAuthor(item.id, reason, days));
    const until = (given as { expires_at: string | null }).expires_at;
    setBanning(null);
    setNotice({ tone: 'done', text: `${item.author.display_name} is banned from commenting ${until ? `until ${formatMoment(until)}` : 'until a moderator lifts it'}.` });
    heading.current?.focus();
  };

  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="page page--wide">
      <PageHeading title="Comments" area={CONSOLE}>
        Comments
      </PageHeading>
      <CommentsNav />
      <p className="lead">Readers’ comments waiting for a decision. Approving publishes a comment at once; rejecting takes it and its replies off the thread.</p>
      <nav className="comments-queues" aria-label="Queues">
        <ul>
          {QUEUES.map((queue) => (
            <li key={queue.name}>
              <Link to={queue.name === 'pending' ? '/admin/comments' : `/admin/comments?queue=${queue.name}`} aria-current={queue.name === queueName ? 'page' : undefined}>
                {queue.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="queue-heading" aria-busy={queue.isFetching || undefined}>
        <h2 id="queue-heading" ref={heading} tabIndex={-1} className="admin-section-heading">
          {current.label} comments
        </h2>
        <StatusMessage>{notice?.tone === 'done' && <p>{notice.text}</p>}</StatusMessage>
        <ErrorAlert>{notice?.tone === 'failed' && <p>{notice.text}</p>}</ErrorAlert>
        {queue.isPending && <Spinner label="Loading the comments…" />}
        {queue.isError && (
          <>
            <div role="alert" className="alert alert--error">
              <p>{queue.error.message}</p>
            </div>
            <Button onClick={() => void queue.refetch()}>Try again</Button>
          </>
        )}
        {queue.isSuccess && items.length === 0 && <p>{current.empty}</p>}
        {items.length > 0 && (
          <ul className="admin-list">
            {items.map((item) => (
              <CommentCard key={item.id} item={item} queue={queueName} busy={moderation.isPending} onAct={act} onBan={setBanning} />
            ))}
          </ul>
        )}
        {queue.hasNextPage && (
          <Button variant="secondary" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            More comments
          </Button>
        )}
      </section>
      <BannedReaders />
      <BanDialog item={banning} onClose={() => setBanning(null)} onConfirm={ban} />
    </div>
  );
}

/** The readers banned now, each with a way to lift the ban. */
function BannedReaders() {
  const bans = useBans();
  const moderation = useModeration<unknown>();
  const [notice, setNotice] = useState<Notice>(null);
  const lift = (userId: number, name: string) => {
    setNotice(null);
    moderation.mutate(() => liftBan(userId), {
      onSuccess: () => setNotice({ tone: 'done', text: `${name} may comment again.` }),
      onError: (caught) => setNotice({ tone: 'failed', text: errorText(caught) }),
    });
  };
  return (
    <section aria-labelledby="bans-heading">
      <h2 id="bans-heading" className="admin-section-heading">
        Banned commenters
      </h2>
      <StatusMessage>{notice?.tone === 'done' && <p>{notice.text}</p>}</StatusMessage>
      <ErrorAlert>{notice?.tone === 'failed' && <p>{notice.text}</p>}</ErrorAlert>
      {bans.isPending && <Spinner label="Loading the bans…" />}
      {bans.isError && (
        <div role="alert" className="alert alert--error">
          <p>{bans.error.message}</p>
        </div>
      )}
      {bans.data && bans.data.items.length === 0 && <p>Nobody is banned.</p>}
      {bans.data && bans.data.items.length > 0 && (
        <ul className="admin-list">
          {bans.data.items.map((ban) => (
            <li key={ban.user_id} className="card">
              <div className="admin-card-head">
                <p className="comment-card__author">
                  {ban.display_name} <span className="comment-card__email">({ban.email})</span>
                </p>
                <Button variant="secondary" className="button--small" disabled={moderation.isPending} onClick={() => lift(ban.user_id, ban.display_name)}>
                  Lift ban<span className="visually-hidden"> of {ban.display_name}</span>
                </Button>
              </div>
              <p className="comment-card__why">
                {ban.expires_at ? `Until ${formatMoment(ban.expires_at)}` : 'Until lifted'}
                {ban.banned_by && ` · by ${ban.banned_by}`}
              </p>
              <p className="comment-card__body">{ban.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
