import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { requestEmailChange } from '../../api/identity';
import { StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { useAccount, useDataLayer } from '../state/identityData';
import { useAccountForm } from '../useAccountForm';
import { checkEmail } from '../validation';

const FIELDS = ['email'] as const;

/** Public in the spec's route table; the change itself needs a logged-in reader. */
export default function UpdateEmailScreen() {
  const { loggedIn } = useDataLayer();
  const account = useAccount().data;
  return (
    <div className="page page--wide">
      <PageHeading title="Change email address">Change email address</PageHeading>
      {loggedIn ? (
        <>
          <UpdateEmailForm currentEmail={account?.identifiers.email_address ?? null} />
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({
    fields: FIELDS,
    check: checkEmail,
    submit: async ({ email }) => {
      setSentTo(null);
      await requestEmailChange(email.trim());
      setSentTo(email.trim());
    },
    failure: updateEmailErrorMessage,
  });

  return (
    <section className="card">
      {currentEmail && (
        <p>
          Your email address is <strong className="definition__value">{currentEmail}</strong>.
        </p>
      )}
      <p>We will send a link to the new address. Your email changes when you open it and confirm with your password.</p>
      <FormError form={form} />
      <StatusMessage>
        {sentTo && (
          <p>
            We have sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish changing your email address.
          </p>
        )}
      </StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label="New email address" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <SubmitButton form={form}>Send confirmation link</SubmitButton>
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
