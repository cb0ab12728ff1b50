import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { register as registerCall } from '../../api/identity';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { NEW_PASSWORD_HINT, passwordRefusal } from '../newPassword';
import { pageLeaving, useGoTo } from '../navigation';
import { isPayflowTarget } from '../payflow/handoff';
import { acceptRedirect, DEFAULT_REDIRECT } from '../redirect';
import { REGISTER_SETTLE_MS, registrationLanding } from '../registrationLanding';
import { SocialSignIn } from '../social/SocialSignIn';
import { useIdentity } from '../state/IdentityProvider';
import { useAccountForm } from '../useAccountForm';
import { checkRegistration } from '../validation';
import { useRef } from 'react';
import { ensureHuman } from '../humanVerification/ensureHuman';
import { isVerificationFailure } from '../humanVerification/failures';
import { VerificationFailed, submitAgain } from '../humanVerification/VerificationFailed';
import { throughAllBrands } from '../handoff/allBrands';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

export default function RegisterScreen() {
  const { config, completeLogin, state } = useIdentity();
  const goTo = useGoTo();
  const [searchParams] = useSearchParams();
  const formElement = useRef<HTMLFormElement>(null);
  const redirect = () => acceptRedirect(searchParams.get('redirect'), config.allowedRedirectHosts);
  // After a sign-in here: signed in on the other brands' sites too on the way (allBrands.ts).
  const signedIn = (destination: string) => goTo(throughAllBrands(destination, config.signInAllBrands, state.mobileApp));
  // A new account, by the form or a provider's popup: the welcome page, or the payflow with
  // the plan and story kept when the reader was on the way to subscribe.
  const registered = () => signedIn(registrationLanding(redirect()));
  const form = useAccountForm({
    fields: FIELDS,
    check: checkRegistration,
    failure: (error) =>
      isVerificationFailure(error) ? (
        <VerificationFailed message={error.message} onRetry={() => submitAgain(formElement.current)} />
      ) : (
        registerErrorMessage(error)
      ),
    submit: async (values) => {
      await ensureHuman(); // spec section 5: the nyp_membership challenge first, unless it is off
      const session = await registerCall({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await new Promise((resolve) => setTimeout(resolve, REGISTER_SETTLE_MS));
      await completeLogin(session);
      // Through the other brands' sites: "Creating your account…" until the page goes.
      if (registered()) await pageLeaving();
    },
  });

  const redirectParam = searchParams.get('redirect');
  const loginHref = redirectParam
    ? `/account/login?${new URLSearchParams({ redirect: redirectParam }).toString()}`
    : '/account/login';
  const field = form.field;

  return (
    <div className="page">
      <PageHeading title="Create an account">Create an account</PageHeading>
      <p className="lead">
        One account for all of our sites.
        {isPayflowTarget(redirectParam) ? ' Then you go straight on to checkout with the plan you chose.' : ''}
      </p>
      <div className="card">
        <FormError form={form} />
        <form ref={formElement} noValidate onSubmit={form.onSubmit}>
          <div className="row">
            <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
            <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
          </div>
          <TextField label="Email address" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={NEW_PASSWORD_HINT}
            {...field('password')}
          />
          <SubmitButton form={form} block>
            {form.submitting ? 'Creating your account…' : 'Create account'}
          </SubmitButton>
        </form>
        {/* No redirect to hold here: RedirectIfLoggedIn decided on arrival. A reader who had
            an account already goes where the page's redirect says, as a login would. */}
        <SocialSignIn onSignedIn={(action) => (action === 'register' ? registered() : signedIn(redirect() ?? DEFAULT_REDIRECT))} />
        <p className="form-footer">
          By creating an account you agree to our <a href="/terms/">Terms of Use</a> and{' '}
          <a href="/privacy/">Privacy Policy</a>.
        </p>
      </div>
      <p>
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
    </div>
  );
}

export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  if (error.status === 409) return messages.emailInUse;
  if (error.status === 400 && error.type === 'password-not-strong') return passwordRefusal(error);
  if (error.status === 400 && error.type === 'bad-request' && /email/i.test(error.message)) return messages.invalidEmail;
  return error.message || messages.unknownError;
}
