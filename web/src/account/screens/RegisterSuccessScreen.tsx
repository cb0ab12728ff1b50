import { Link } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { DEFAULT_REDIRECT, resolveLoginRedirect } from '../redirect';
import { forgetRedirectPath, readRedirectPath } from '../redirectStorage';
import { useGoTo } from '../navigation';
import { useIdentity } from '../state/IdentityProvider';
import { useDataLayer, useProfile } from '../state/identityData';

export default function RegisterSuccessScreen() {
  const { config } = useIdentity();
  const dataLayer = useDataLayer();
  const profile = useProfile().data;
  const goTo = useGoTo();
  const firstName = profile?.['first-name'] ?? dataLayer.firstName;
  const destination = resolveLoginRedirect({
    redirectParam: null,
    referrer: '',
    storedPath: readRedirectPath(),
    allowedHosts: config.allowedRedirectHosts,
  });

  return (
    <div className="page">
      <PageHeading title="Welcome">{firstName ? `Welcome, ${firstName}!` : 'Welcome!'}</PageHeading>
      <div className="card">
        {dataLayer.loggedIn ? (
          <p>Your account has been created and you are logged in.</p>
        ) : (
          // The server may ask for a verified email before the first login.
          <p>Your account has been created. Please check your email to verify your address, then log in.</p>
        )}
        {dataLayer.loggedIn ? (
          <p className="membership-actions">
            {/* Readers who have not onboarded are sent there (spec section 2): its first action. */}
            <Link className="button button--primary" to="/account/onboarding">
              Set up your account
            </Link>
            <a
              className="button button--secondary"
              href={destination}
              onClick={(event) => {
                event.preventDefault();
                forgetRedirectPath();
                goTo(destination);
              }}
            >
              {destination === DEFAULT_REDIRECT ? 'Go to your account settings' : 'Continue'}
            </a>
          </p>
        ) : (
          <p>
            <Link className="button button--primary" to="/account/login">
              Log in
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
