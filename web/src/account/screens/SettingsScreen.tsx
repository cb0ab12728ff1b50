import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { ChangePasswordForm } from '../settings/ChangePasswordForm';
import { LoadError } from '../settings/LoadError';
import { OptionalProfileForm } from '../settings/OptionalProfileForm';
import { ProfileDetailsForm } from '../settings/ProfileDetailsForm';
import { SettingsNav } from '../settings/SettingsNav';
import { useUserData } from '../settings/useUserData';
import { YourDataSection } from '../settings/YourDataSection';

export default function SettingsScreen() {
  const { data, error, retry } = useUserData();
  return (
    <div className="page page--wide">
      <PageHeading title="Account settings">Account settings</PageHeading>
      <SettingsNav />
      {data ? (
        <>
          <ProfileDetailsForm profile={data.profile} />
          <section className="card" aria-labelledby="email-heading">
            <h2 id="email-heading">Email address</h2>
            <div className="definition">
              <span className="definition__value">{data.account.identifiers.email_address}</span>
              <Link to="/account/settings/update-email">Change email address</Link>
            </div>
          </section>
          <ChangePasswordForm />
          <YourDataSection />
          <OptionalProfileForm profile={data.profile} />
          <p className="form-footer">
            How you appear to other readers (display name, avatar, bio, location, private profile) and which comment
            notifications you get are under <Link to="/account/settings/display">Display settings</Link>.
          </p>
        </>
      ) : error ? (
        <LoadError error={error} onRetry={retry} />
      ) : (
        <Spinner label="Loading your profile…" />
      )}
    </div>
  );
}
