import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { resetPassword } from '../../api/identity';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { checkedResolver, firstErrorMessage } from '../forms';
import { messages } from '../messages';
import { NEW_PASSWORD_HINT, passwordRefusal } from '../newPassword';
import { checkNewPassword } from '../validation';

const FIELDS = ['password'] as const;

export default function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const errorId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: checkedResolver(FIELDS, checkNewPassword),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setServerError(resetErrorMessage(error));
    }
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
            <ErrorAlert id={errorId}>{firstErrorMessage(formState.errors, FIELDS) ?? serverError}</ErrorAlert>
            <form noValidate onSubmit={onSubmit}>
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint={NEW_PASSWORD_HINT}
                invalid={Boolean(formState.errors.password)}
                errorId={errorId}
                {...register('password')}
              />
              <Button type="submit" className="button--block" busy={formState.isSubmitting}>
                Set new password
              </Button>
            </form>
            {serverError === messages.resetProblem && (
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
