import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { requestEmailChange } from '../../api/identity';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { checkedResolver, firstErrorMessage } from '../forms';
import { messages } from '../messages';
import { useIdentity } from '../state/IdentityProvider';
import { checkEmail } from '../validation';

const FIELDS = ['email'] as const;

/** Public in the spec's route table; the change itself needs a logged-in reader. */
export default function UpdateEmailScreen() {
  const { state } = useIdentity();
  const loggedIn = state.dataLayer.loggedIn;
  return (
    <div className="page page--wide">
      <PageHeading title="Change email address">Change email address</PageHeading>
      {loggedIn ? (
        <>
          <UpdateEmailForm currentEmail={state.user.account?.identifiers.email_address ?? null} />
          <p className="form-footer">
            <Link to="/account/settings">Back to account settings</Link>
          </p>
        </>
      ) : (
        <div className="card">
          <p>
            <Link to={`/account/login?${new URLSearchParams({ redirect: '/account/settings/update-email' }).toString()}`}>
              Log in
            </Link>{' '}
            to change the email address of your account.
          </p>
        </div>
      )}
    </div>
  );
}

function UpdateEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const errorId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: checkedResolver(FIELDS, checkEmail),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    setSentTo(null);
    try {
      await requestEmailChange(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setServerError(updateEmailErrorMessage(error));
    }
  });

  return (
    <section className="card">
      {currentEmail && (
        <p>
          Your email address is <strong className="definition__value">{currentEmail}</strong>.
        </p>
      )}
      <p>We will send a link to the new address. Your email changes when you open it and confirm with your password.</p>
      <ErrorAlert id={errorId}>{firstErrorMessage(formState.errors, FIELDS) ?? serverError}</ErrorAlert>
      <StatusMessage>
        {sentTo && (
          <p>
            We have sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish changing your email address.
          </p>
        )}
      </StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          invalid={Boolean(formState.errors.email)}
          errorId={errorId}
          {...register('email')}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          Send confirmation link
        </Button>
      </form>
    </section>
  );
}

function updateEmailErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  if (error.status === 409) return messages.emailInUse;
  if (error.status === 400) return messages.invalidEmail;
  return error.message || messages.unknownError;
}
