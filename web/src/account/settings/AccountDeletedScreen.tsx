import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeading } from '../../ui/PageHeading';
import { useIdentity } from '../state/IdentityProvider';

/** Where the browser lands once the account is deleted: the page forgets the reader (the
 * server has ended every session already) and says what happened. */
export default function AccountDeletedScreen() {
  const { logOut } = useIdentity();
  const deletedJustNow = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;

  useEffect(() => {
    // Only on the way here from the deletion: a reader who opens this address is not logged out.
    if (deletedJustNow) void logOut().catch(() => undefined);
  }, [deletedJustNow, logOut]);

  return (
    <div className="page">
      <PageHeading title="Account deleted">Your account has been deleted</PageHeading>
      <div className="card">
        <p>Your Masthead account and your personal details are gone, and you are signed out everywhere.</p>
        <p>We have sent a confirmation to your email address.</p>
        <p>You are welcome back at any time: you can register again with the same email address.</p>
        <p>
          <Link className="button button--secondary" to="/account/register">
            Register again
          </Link>
        </p>
      </div>
    </div>
  );
}
