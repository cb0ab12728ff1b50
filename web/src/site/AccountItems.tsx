/**
 * The main menu's login/logout item and account settings link. Not in mobile-app mode: the
 * app has its own. Logging out needs a fresh page (the page's nonce is bound to the session).
 */
import { useState } from 'react';
import { logOutOfComments } from '../comments/logout';
import { loginHref, useAccess, useSite } from './context';

export async function logOut(
  reload: () => void,
  fetcher: typeof fetch = fetch,
  commentsLogout: () => Promise<boolean> = logOutOfComments,
): Promise<boolean> {
  // Out of comments too (spec section 8), beside this logout and never holding it up: that
  // call reports its own failure and, sent keepalive, outlives the reload.
  void commentsLogout();
  try {
    const response = await fetcher('/blaize/logout', { method: 'POST', credentials: 'same-origin' });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  reload();
  return true;
}

export function AccountItems() {
  const { mobileApp, returnTo } = useSite();
  const access = useAccess();
  const [failed, setFailed] = useState(false);
  if (mobileApp || access.status === 'checking') return null;
  if (access.status === 'anonymous' || access.status === 'failed') {
    return <a href={loginHref(returnTo)}>Log in</a>;
  }
  return (
    <ul>
      <li>
        <a href="/account/settings">Account settings</a>
      </li>
      <li>
        <button type="button" onClick={() => void logOut(() => window.location.reload()).then((ok) => setFailed(!ok))}>
          Log out
        </button>
        {failed ? (
          <span role="alert" className="visually-hidden">
            Sorry, we could not log you out. Please try again.
          </span>
        ) : null}
      </li>
    </ul>
  );
}
