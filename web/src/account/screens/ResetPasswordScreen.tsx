import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { resetPassword } from '../../api/identity';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { NEW_PASSWORD_HINT, passwordRefusal } from '../newPassword';
import { useAccountForm } from '../useAccountForm';
import { checkNewPassword } from '../validation';

const FIELDS = ['password'] as const;

export default function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    check: checkNewPassword,
    submit: async ({ password }) => {
      await resetPassword(token, password);
      setDone(true);
    },
    failure: resetErrorMessage,
  });

  return (
    <div className="page">
      <PageHeading title="Set a new password">Set a new password</PageHeading>
      <div className="card">
        {!token ? (
          <>
            <ErrorAlert>{messages.resetProblem}</ErrorAlert>
            <p>
              This link is incomplete. <Link to="/account/forgot-password">Ask for a new link</Link>.
            </p>
          </>
        ) : done ? (
          <>
            <StatusMessage>
              <p>Your password has been changed.</p>
            </StatusMessage>
            <p>
              <Link className="button button--primary" to="/account/login">
                Log in with your new password
              </Link>
            </p>
          </>
        ) : (
          <>
            <FormError form={form} />
            <form noValidate onSubmit={form.onSubmit}>
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint={NEW_PASSWORD_HINT}
                {...form.field('password')}
              />
              <SubmitButton form={form} block>
                Set new password
              </SubmitButton>
            </form>
            {form.serverError === messages.resetProblem && (
              <p className="form-footer">
                Links work once and expire. <Link to="/account/forgot-password">Ask for a new link</Link>.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export function resetErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.resetProblem;
  if (error.status === 400 && error.type === 'password-not-strong') return passwordRefusal(error);
  if (error.status === 429 || error.status === 0) return error.message;
  return messages.resetProblem;
}
