import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { login } from '../../api/identity';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { pageLeaving, useGoTo } from '../navigation';
import { throughAllBrands } from '../handoff/allBrands';
import { isPayflowTarget } from '../payflow/handoff';
import { DEFAULT_REDIRECT, resolveLoginRedirect } from '../redirect';
import { registrationLanding } from '../registrationLanding';
import { forgetRedirectPath, readRedirectPath } from '../redirectStorage';
import { SocialSignIn } from '../social/SocialSignIn';
import { useIdentity } from '../state/IdentityProvider';
import { useDataLayer } from '../state/identityData';
import { useAccountForm } from '../useAccountForm';
import { checkLogin } from '../validation';

const FIELDS = ['email', 'password'] as const;

export default function LoginScreen() {
  const { config, completeLogin, state } = useIdentity();
  const { loggedIn } = useDataLayer();
  const [searchParams] = useSearchParams();
  const goTo = useGoTo();
  // A sign-in from this page (the form or a provider's popup) is under way: it navigates
  // itself, so the "already logged in" redirect below must not fire when its session arrives.
  const signingIn = useRef(false);

  const target = () =>
    resolveLoginRedirect({
      redirectParam: searchParams.get('redirect'),
      referrer: document.referrer,
      storedPath: readRedirectPath(),
      allowedHosts: config.allowedRedirectHosts,
    });

  // A reader who is already logged in has nothing to do here.
  const alreadyLoggedIn = loggedIn && !signingIn.current;
  useEffect(() => {
    if (!alreadyLoggedIn) return;
    const destination = target();
    forgetRedirectPath();
    goTo(destination);
    // Only on arrival: a sign-in here does its own navigation (signedIn below).
  }, [alreadyLoggedIn]);

  /** After a sign-in here: through the other brands' sites when there are several, then on. */
  const signedIn = (destination: string) => goTo(throughAllBrands(destination, config.signInAllBrands, state.mobileApp));

  const form = useAccountForm({
    fields: FIELDS,
    check: checkLogin,
    submit: async ({ email, password }) => {
      signingIn.current = true;
      try {
        const session = await login({ email: email.trim(), password });
        const destination = target();
        await completeLogin(session);
        forgetRedirectPath();
        // Through the other brands' sites: "Logging in…" until the page goes.
        if (signedIn(destination)) await pageLeaving();
      } catch (error) {
        signingIn.current = false;
        throw error;
      }
    },
    failure: loginErrorMessage,
  });

  // A reader on the way to the payflow (a call to action's buy button) may well have no
  // account yet: invite them to create one, keeping the plan and the story they came from.
  const destination = target();
  const fromPayflow = isPayflowTarget(destination);
  const createAccountHref = withRedirect('/account/register', fromPayflow ? destination : searchParams.get('redirect'));

  return (
    <div className="page">
      <PageHeading title="Log in">Log in</PageHeading>
      {fromPayflow ? (
        <p className="lead">
          To become a member, <Link to={createAccountHref}>create an account</Link> — or log in if you already have one.
        </p>
      ) : (
        <p className="lead">Welcome back. Log in to manage your account.</p>
      )}
      <div className="card">
        <FormError form={form} />
        <form noValidate onSubmit={form.onSubmit}>
          <TextField label="Email address" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
          <SubmitButton form={form} block>
            {form.submitting ? 'Logging in…' : 'Log in'}
          </SubmitButton>
        </form>
        <SocialSignIn
          onSigningIn={() => {
            signingIn.current = true;
          }}
          onFailed={() => {
            signingIn.current = false;
          }}
          onSignedIn={(action) => {
            const destination = target();
            if (action === 'register') {
              // A reader new to us: where registering goes (the welcome page, or the payflow).
              signedIn(registrationLanding(destination === DEFAULT_REDIRECT ? null : destination));
              return;
            }
            forgetRedirectPath();
            signedIn(destination);
          }}
        />
        <p className="form-footer">
          <Link to="/account/forgot-password">Forgot your password?</Link>
        </p>
      </div>
      <p>
        New here? <Link to={createAccountHref}>Create an account</Link>
      </p>
    </div>
  );
}

function loginErrorMessage(error: unknown): ReactNode {
  if (!isApiError(error)) return messages.unknownError;
  if (error.status === 404) return messages.wrongCredentials;
  if (error.status === 401) {
    if (isEmailNotVerified(error.type, error.body)) {
      return (
        <p>
          {messages.emailNotVerified}
          <Link to="/account/forgot-password">reset your password</Link>.
        </p>
      );
    }
    return messages.wrongCredentials;
  }
  // 429 and the client's own messages ("You are probably offline.") are already for people.
  return error.message || messages.unknownError;
}

function isEmailNotVerified(type: string, body: unknown): boolean {
  const title = (body as { title?: unknown } | null)?.title;
  return type === 'email-not-verified' || title === 'email-verification-is-required';
}

function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}
