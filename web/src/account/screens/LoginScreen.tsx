import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { login } from '../../api/identity';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { checkedResolver, firstErrorMessage } from '../forms';
import { messages } from '../messages';
import { useGoTo } from '../navigation';
import { isPayflowTarget } from '../payflow/handoff';
import { resolveLoginRedirect } from '../redirect';
import { forgetRedirectPath, readRedirectPath } from '../redirectStorage';
import { useIdentity } from '../state/IdentityProvider';
import { checkLogin } from '../validation';

const FIELDS = ['email', 'password'] as const;

export default function LoginScreen() {
  const { state, config, completeLogin } = useIdentity();
  const [searchParams] = useSearchParams();
  const goTo = useGoTo();
  const errorId = useId();
  const [serverError, setServerError] = useState<ReactNode>(null);
  const submitted = useRef(false);

  const { register, handleSubmit, formState } = useForm({
    resolver: checkedResolver(FIELDS, checkLogin),
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });

  const target = () =>
    resolveLoginRedirect({
      redirectParam: searchParams.get('redirect'),
      referrer: document.referrer,
      storedPath: readRedirectPath(),
      allowedHosts: config.allowedRedirectHosts,
    });

  // A reader who is already logged in has nothing to do here.
  const alreadyLoggedIn = state.dataLayer.loggedIn && !submitted.current;
  useEffect(() => {
    if (!alreadyLoggedIn) return;
    const destination = target();
    forgetRedirectPath();
    goTo(destination);
    // Only on arrival: the submit handler does its own navigation.
  }, [alreadyLoggedIn]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    submitted.current = true;
    try {
      const session = await login({ email: email.trim(), password });
      const destination = target();
      await completeLogin(session);
      forgetRedirectPath();
      goTo(destination);
    } catch (error) {
      submitted.current = false;
      setServerError(loginErrorMessage(error));
    }
  });

  const clientError = firstErrorMessage(formState.errors, FIELDS);
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
        <ErrorAlert id={errorId}>{clientError ?? serverError}</ErrorAlert>
        <form noValidate onSubmit={onSubmit}>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            invalid={Boolean(formState.errors.email)}
            errorId={errorId}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            invalid={Boolean(formState.errors.password)}
            errorId={errorId}
            {...register('password')}
          />
          <Button type="submit" className="button--block" busy={formState.isSubmitting}>
            {formState.isSubmitting ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
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
