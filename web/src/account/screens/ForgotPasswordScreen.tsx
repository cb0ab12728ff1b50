import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { requestPasswordReset } from '../../api/identity';
import { StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { useAccountForm } from '../useAccountForm';
import { checkEmail } from '../validation';

const FIELDS = ['email'] as const;

export default function ForgotPasswordScreen() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({
    fields: FIELDS,
    check: checkEmail,
    submit: async ({ email }) => {
      setSentTo(null);
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    },
    failure: (error) => {
      // Too many attempts and being offline have their own words; the rest is one message.
      const ownWords = isApiError(error) && (error.status === 429 || error.status === 0);
      return ownWords ? error.message : messages.resetProblem;
    },
  });

  return (
    <div className="page">
      <PageHeading title="Forgot your password?">Forgot your password?</PageHeading>
      <p className="lead">Enter the email address of your account and we will send you a link to set a new password.</p>
      <div className="card">
        <FormError form={form} />
        <StatusMessage>
          {sentTo && (
            <p>
              We have sent a link to reset your password to <strong>{sentTo}</strong>. It may take a minute to arrive.
            </p>
          )}
        </StatusMessage>
        <form noValidate onSubmit={form.onSubmit}>
          <TextField label="Email address" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <SubmitButton form={form} block>
            Send reset link
          </SubmitButton>
        </form>
        <p className="form-footer">
          Remembered it? <Link to="/account/login">Back to log in</Link>
        </p>
      </div>
    </div>
  );
}
