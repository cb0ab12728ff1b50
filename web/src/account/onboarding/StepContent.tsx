/** What each onboarding step shows between its purpose and its Back, Skip and Continue. */
import { Link } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { SITE_GROUPS } from '../newsletters/groups';
import { NewsletterChooser } from '../newsletters/NewsletterChooser';
import { NewslettersLoadError } from '../newsletters/NewslettersLoadError';
import { useNewsletters } from '../newsletters/useNewsletters';
import { LoadError } from '../settings/LoadError';
import { PublicProfileForm } from '../settings/PublicProfileForm';
import { useUserData } from '../settings/useUserData';
import { AppTextPanel } from '../texts/AppTextPanel';
import { TextAlertsPanel } from '../texts/TextAlertsPanel';
import { eventWhen, type MemberEvent } from './memberEventsApi';
import type { StepSlug } from './steps';

export const STEP_TITLES: Record<StepSlug, string> = {
  customize: 'Make your profile yours',
  newsletters: 'Choose your newsletters',
  'app-text': 'Get the app',
  'sports-plus': 'Sports+ membership',
  texts: 'Text alerts',
  rewards: 'Refer a friend, earn rewards',
  events: 'Member events',
};

export const STEP_PURPOSES: Record<StepSlug, string> = {
  customize: 'Pick the name, colour and a few words other readers see next to your comments.',
  newsletters: 'Get the stories you care about by email, from any of our three sites.',
  'app-text': 'We can text you a link to download our app, so the news comes with you.',
  'sports-plus': 'Members read every story in full, get exclusive newsletters and come to member events.',
  texts: 'Breaking news and scores by text message, as they happen. You can stop them at any time.',
  rewards: 'Invite friends to join: when one becomes a member, you both get a reward.',
  events: 'Meet our writers and fellow members. These are the next events for members.',
};

function CustomizeContent() {
  const user = useUserData();
  if (user.error) return <LoadError error={user.error} onRetry={user.retry} />;
  if (!user.data) return <Spinner label="Loading your profile…" />;
  return <PublicProfileForm profile={user.data.profile} email={user.data.account.identifiers.email_address} />;
}

function NewslettersContent() {
  const { email, newsletters, failed, retry, replace } = useNewsletters();
  if (failed) return <NewslettersLoadError onRetry={retry} />;
  if (!newsletters || !email) return <Spinner label="Loading your newsletters…" />;
  return <NewsletterChooser email={email} newsletters={newsletters} groups={SITE_GROUPS} onSaved={replace} />;
}

function SportsPlusContent() {
  return (
    <div className="card">
      <ul>
        <li>Every story on all three of our sites, in full</li>
        <li>Newsletters only members get, from the newsroom and our columnists</li>
        <li>Invitations to member events with our writers</li>
      </ul>
      <p>
        <Link className="button button--primary" to="/account/subscribe">
          See membership plans
        </Link>
      </p>
    </div>
  );
}

function RewardsContent() {
  return (
    <div className="card">
      <p>Share your own link with friends. When a friend becomes a member through it, you both get a reward.</p>
      <p className="onboarding__actions">
        <Link to="/account/settings/refer-a-friend">Refer a friend</Link>
        <Link to="/account/settings/my-rewards">See my rewards</Link>
      </p>
    </div>
  );
}

export function EventList({ events }: { events: readonly MemberEvent[] }) {
  return (
    <ul className="onboarding__events">
      {events.map((event) => (
        <li key={event.id} className="card">
          <h3>{event.title}</h3>
          <p>
            <time dateTime={event.startsAt}>{eventWhen(event.startsAt)}</time>
            {' · '}
            {event.place}
          </p>
          {event.description && <p>{event.description}</p>}
          <p>
            <a href={event.link} rel="noopener noreferrer">
              Details and tickets<span className="visually-hidden"> for {event.title}</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The step's content; the frame's Continue moves on (saving what a form holds: saveOnContinue.tsx). */
export function StepContent({ step, events }: { step: StepSlug; events: readonly MemberEvent[] }) {
  switch (step) {
    case 'customize':
      return <CustomizeContent />;
    case 'newsletters':
      return <NewslettersContent />;
    case 'app-text':
      return <AppTextPanel />;
    case 'sports-plus':
      return <SportsPlusContent />;
    case 'texts':
      return <TextAlertsPanel />;
    case 'rewards':
      return <RewardsContent />;
    case 'events':
      return <EventList events={events} />;
  }
}
