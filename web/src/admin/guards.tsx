import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../ui/Button';
import { PageHeading } from '../ui/PageHeading';
import { Spinner } from '../ui/Spinner';
import { useMe } from './data';
import { hasRole, type Role } from './roles';
import { StepUpProvider } from './StepUp';

export const SIGN_IN_PATH = '/admin/sign-in';
export const CONSOLE = 'Masthead staff console';

/**
 * Set while the person signs out on purpose (the shell's button): the sign-in page they land
 * on then does not offer to send the next person back to this screen, as it does when a
 * session simply ends.
 */
export const SigningOut = createContext<{ current: boolean }>({ current: false });

/**
 * The console's screens need a staff session: without one, sign in and come back here.
 * A session of an account without staff roles gets the server's sentence.
 */
export function RequireStaff() {
  const location = useLocation();
  const me = useMe();
  const signingOut = useContext(SigningOut);
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) signingOut.current = false;
  }, [signedIn]);
  if (me.isPending) return <Spinner />;
  if (me.isError) {
    return (
      <div className="page">
        <PageHeading title="Staff console" area={CONSOLE}>
          Staff console
        </PageHeading>
        <div role="alert" className="alert alert--error">
          <p>{me.error.message}</p>
        </div>
        <p className="admin-actions">
          <Button onClick={() => void me.refetch()}>Try again</Button>
          <Link className="button button--secondary" to={SIGN_IN_PATH}>
            Sign in with a staff account
          </Link>
        </p>
      </div>
    );
  }
  if (!me.data) {
    const here = `${location.pathname}${location.search}`;
    const stay = signingOut.current || here === '/admin' || here === '/admin/';
    const next = stay ? '' : `?${new URLSearchParams({ next: here }).toString()}`;
    return <Navigate to={`${SIGN_IN_PATH}${next}`} replace />;
  }
  return (
    <StepUpProvider>
      <Outlet />
    </StepUpProvider>
  );
}

/** A section of one role: others are told which role it takes (the server refuses them too). */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const me = useMe();
  if (me.data && hasRole(me.data.roles, role)) return children;
  return (
    <div className="page">
      <PageHeading title="Not allowed" area={CONSOLE}>
        Not allowed
      </PageHeading>
      <div role="alert" className="alert alert--error">
        <p>Your account does not have the {role} role.</p>
      </div>
      <p>
        <Link to="/admin">Back to the overview</Link>
      </p>
    </div>
  );
}
