import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { DEFAULT_BRAND } from '../config';
import { markOnboarded as sendOnboarded } from './onboardedApi';
import { useIdentity } from '../state/IdentityProvider';
import { useProfile } from '../state/identityData';

export const ONBOARDED_FAILED = 'We could not save that you have finished setting up. Please try again.';

/** /account/onboarding/thanks: the final step. Reaching it marks the profile `onboarded`. */
export function ThanksScreen({ subscriber }: { subscriber: boolean }) {
  const { config } = useIdentity();
  const brand = config.brand ?? DEFAULT_BRAND;
  const { profileSaved } = useIdentity();
  const profile = useProfile();
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);

  const markOnboarded = () => {
    setFailed(false);
    if (profile.data?.onboarded === true) return; // already kept: nothing to send
    sendOnboarded()
      .then(profileSaved)
      .catch(() => setFailed(true));
  };
  const ready = profile.data !== undefined && !profile.isPlaceholderData;
  useEffect(() => {
    if (!ready || sent.current) return;
    sent.current = true; // once per visit, also under StrictMode's double effects
    markOnboarded();
  });

  return (
    <div className="page onboarding">
      <PageHeading title="You're all set">You&rsquo;re all set</PageHeading>
      <ErrorAlert>
        {failed ? (
          <>
            <p>{ONBOARDED_FAILED}</p>
            <Button variant="secondary" onClick={markOnboarded}>
              Try again
            </Button>
          </>
        ) : null}
      </ErrorAlert>
      <div className="card">
        <p>Your account is set up. You can change any of it later in your account settings.</p>
        <h2>Where to next</h2>
        <ul className="onboarding__next">
          <li>
            <a href={brand.homeUrl}>Read today&rsquo;s news on {brand.name}</a>
          </li>
          <li>
            <Link to="/account/settings/newsletters">Your newsletters</Link>
          </li>
          {subscriber && (
            <li>
              <Link to="/account/settings/membership">Your membership</Link>
            </li>
          )}
          <li>
            <Link to="/account/settings">Account settings</Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
