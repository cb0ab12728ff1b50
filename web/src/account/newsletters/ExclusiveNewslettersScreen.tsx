import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { SettingsNav } from '../settings/SettingsNav';
import { EXCLUSIVE_GROUPS } from './groups';
import { NewsletterChooser } from './NewsletterChooser';
import { NewslettersLoadError } from './NewslettersLoadError';
import { useNewsletters } from './useNewsletters';

export const MEMBERS_ONLY =
  'Exclusive newsletters are for members and home delivery subscribers. Join the membership to sign up for them.';

/**
 * /account/settings/exclusive-newsletters: the extra gate is the server's (a member-like
 * status or home delivery: membership.exclusiveAccess); it refuses the lists to anyone else too.
 */
export default function ExclusiveNewslettersScreen() {
  const { email, newsletters, failed, retry, replace } = useNewsletters();
  return (
    <div className="page page--wide">
      <PageHeading title="Exclusive newsletters">Exclusive newsletters</PageHeading>
      <SettingsNav />
      {failed ? (
        <NewslettersLoadError onRetry={retry} />
      ) : !newsletters || !email ? (
        <Spinner label="Loading your newsletters…" />
      ) : newsletters.membership.exclusiveAccess ? (
        <>
          <p className="lead">Newsletters for members only: from the newsroom, about your teams and from our columnists.</p>
          <NewsletterChooser email={email} newsletters={newsletters} groups={EXCLUSIVE_GROUPS} onSaved={replace} />
        </>
      ) : (
        <div className="card">
          <p>{MEMBERS_ONLY}</p>
          <p>
            <Link className="button button--primary" to="/account/subscribe">
              Join the membership
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
