import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { SettingsNav } from '../settings/SettingsNav';
import { SITE_GROUPS } from './groups';
import { NewsletterChooser } from './NewsletterChooser';
import { NewslettersLoadError } from './NewslettersLoadError';
import { useNewsletters } from './useNewsletters';

/** /account/settings/newsletters: the three sites' lists. */
export default function NewslettersScreen() {
  const { email, newsletters, failed, retry, replace } = useNewsletters();
  return (
    <div className="page page--wide">
      <PageHeading title="Newsletters">Newsletters</PageHeading>
      <SettingsNav />
      <p className="lead">
        Choose the newsletters you get by email from each of our sites. Members also get{' '}
        <Link to="/account/settings/exclusive-newsletters">exclusive newsletters</Link>.
      </p>
      {failed ? (
        <NewslettersLoadError onRetry={retry} />
      ) : newsletters && email ? (
        <NewsletterChooser email={email} newsletters={newsletters} groups={SITE_GROUPS} onSaved={replace} />
      ) : (
        <Spinner label="Loading your newsletters…" />
      )}
    </div>
  );
}
