import { Link, useLocation } from 'react-router';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from '../format';
import { CONSOLE } from '../guards';
import { useMemberEvents, type MemberEvent } from './data';

/** Member events (editors): the list members see in the onboarding's events step. */
export default function MemberEventsScreen() {
  const events = useMemberEvents();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const now = Date.now();
  const all = events.data?.events ?? [];
  const upcoming = all.filter((event) => Date.parse(event.startsAt) >= now);
  const past = all.filter((event) => Date.parse(event.startsAt) < now).reverse();
  return (
    <div className="page page--wide">
      <PageHeading title="Member events" area={CONSOLE}>
        Member events
      </PageHeading>
      <p className="lead">Events for members: the upcoming ones show in the account area&rsquo;s onboarding, soonest first.</p>
      <StatusMessage>{notice && <p>{notice}</p>}</StatusMessage>
      <p>
        <Link className="button button--primary" to="/admin/events/new">
          Add an event
        </Link>
      </p>
      {events.isPending && <Spinner label="Loading the events…" />}
      {events.isError && (
        <>
          <div role="alert" className="alert alert--error">
            <p>{events.error.message}</p>
          </div>
          <Button onClick={() => void events.refetch()}>Try again</Button>
        </>
      )}
      {events.data && (
        <>
          <EventSection id="upcoming" title="Upcoming" events={upcoming} empty="No upcoming events: members see no events step." />
          {past.length > 0 && <EventSection id="past" title="Past" events={past} empty="" />}
        </>
      )}
    </div>
  );
}

function EventSection({ id, title, events, empty }: { id: string; title: string; events: MemberEvent[]; empty: string }) {
  return (
    <section aria-labelledby={`events-${id}`}>
      <h2 id={`events-${id}`} className="admin-section-heading">
        {title}
      </h2>
      {events.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="admin-list">
          {events.map((event) => (
            <li key={event.id} className="card admin-page-row">
              <p className="admin-page-row__title">
                <Link to={`/admin/events/${event.id}`}>{event.title}</Link>
              </p>
              <p className="admin-page-row__meta">
                {formatMoment(event.startsAt)} · {event.place}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
