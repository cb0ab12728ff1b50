import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from '../settings/LoadError';
import { CommentNotificationsForm } from '../settings/CommentNotificationsForm';
import { PublicProfileForm } from '../settings/PublicProfileForm';
import { SettingsNav } from '../settings/SettingsNav';
import { useUserData } from '../settings/useUserData';

export default function DisplaySettingsScreen() {
  const { data, error, retry } = useUserData();
  return (
    <div className="page page--wide">
      <PageHeading title="Display settings">Display settings</PageHeading>
      <SettingsNav />
      <p className="lead">Choose how you appear to other readers when you comment, and what you hear about.</p>
      {data ? (
        <>
          <PublicProfileForm profile={data.profile} email={data.account.identifiers.email_address} />
          <CommentNotificationsForm profile={data.profile} />
        </>
      ) : error ? (
        <LoadError error={error} onRetry={retry} />
      ) : (
        <Spinner label="Loading your profile…" />
      )}
    </div>
  );
}
