import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { ErrorAlert } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { messages } from '../messages';
import { detectMobileApp } from '../mobileApp';
import { useGoTo } from '../navigation';
import { DEFAULT_REDIRECT, acceptRedirect } from '../redirect';
import { useIdentity } from '../state/IdentityProvider';
import { redeemHandoff } from './handoffApi';

export const NO_CODE = 'This sign-in link is not valid. Please log in instead.';

/**
 * /account/handoff?code=…: the page a one-time code opens, from the app or from another of
 * our sites. It redeems the code for a session on this site and goes on to where the code
 * says (a path here: checked again as any redirect is), in mobile-app mode when the code came
 * from the app. A code that does not hold says why and offers the login page.
 */
export default function HandoffScreen() {
  const [searchParams] = useSearchParams();
  const { config, completeLogin, dispatch } = useIdentity();
  const goTo = useGoTo();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const code = searchParams.get('code') ?? '';

  useEffect(() => {
    // Once per page: a code is good once, and a second call would only be refused.
    if (started.current) return;
    started.current = true;
    if (!/^[A-Za-z0-9_-]+$/.test(code)) {
      setProblem(NO_CODE);
      return;
    }
    void (async () => {
      try {
        const answer = await redeemHandoff(code);
        if (answer.mobileApp) {
          detectMobileApp('?mobileApp=true'); // kept for the rest of the tab's life
          dispatch({ type: 'SET_MOBILE_APP', mobileApp: true });
        }
        await completeLogin({ cookie: '', message: 'Login successful', tracking_id: '' });
        goTo(acceptRedirect(answer.redirect, config.allowedRedirectHosts) ?? DEFAULT_REDIRECT);
      } catch (error) {
        setProblem(isApiError(error) && error.message ? error.message : messages.unknownError);
      }
    })();
  }, [code, completeLogin, config.allowedRedirectHosts, dispatch, goTo]);

  if (problem === null) {
    return (
      <div className="page">
        <PageHeading title="Signing you in">Signing you in…</PageHeading>
        <Spinner label="Signing you in…" />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeading title="We could not sign you in">We could not sign you in</PageHeading>
      <div className="card">
        <ErrorAlert>
          <p>{problem}</p>
        </ErrorAlert>
        <p>
          <Link className="button button--primary" to="/account/login">
            Log in
          </Link>
        </p>
      </div>
    </div>
  );
}
