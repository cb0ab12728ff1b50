import { useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DEFAULT_REDIRECT } from './redirect';
import { rememberRedirectPath } from './redirectStorage';
import { useDataLayer } from './state/identityData';

export const LOGIN_PATH = '/account/login';

/** Login-only pages: a logged-out reader goes to login, and comes back here afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { loggedIn } = useDataLayer();
  // A reader who logs out on this page is not sent back to it by their next login.
  const loggedInOnArrival = useRef(loggedIn);
  if (!loggedIn) {
    if (!loggedInOnArrival.current) rememberRedirectPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={LOGIN_PATH} replace />;
  }
  return children;
}

/**
 * Pages for logged-out readers only (register): a reader who arrives logged in goes to
 * settings. Decided on arrival, so that registering here does not race the page's own
 * navigation to the success page.
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { loggedIn } = useDataLayer();
  const [loggedInOnArrival] = useState(loggedIn);
  return loggedInOnArrival ? <Navigate to={DEFAULT_REDIRECT} replace /> : children;
}

/** /account itself. */
export function AccountIndexRedirect() {
  const { loggedIn } = useDataLayer();
  return <Navigate to={loggedIn ? DEFAULT_REDIRECT : LOGIN_PATH} replace />;
}
