import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../api/client';
import { changePassword } from '../../api/identity';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { checkedResolver, firstErrorMessage } from '../forms';
import { messages } from '../messages';
import { NEW_PASSWORD_HINT, passwordRefusal } from '../newPassword';
import { checkPasswordChange } from '../validation';

const FIELDS = ['currentPassword', 'newPassword'] as const;

export function ChangePasswordForm() {
  const errorId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: checkedResolver(FIELDS, checkPasswordChange),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    setChanged(false);
    try {
      await changePassword(currentPassword, newPassword);
      reset();
      setChanged(true);
    } catch (error) {
      setServerError(changePasswordErrorMessage(error));
    }
  });

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <ErrorAlert id={errorId}>{firstErrorMessage(formState.errors, FIELDS) ?? serverError}</ErrorAlert>
      <StatusMessage>{changed && <p>Your password has been changed.</p>}</StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(formState.errors.currentPassword)}
          errorId={errorId}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          invalid={Boolean(formState.errors.newPassword)}
          errorId={errorId}
          {...register('newPassword')}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          Change password
        </Button>
      </form>
    </section>
  );
}

export function changePasswordErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  if (error.status === 403) return messages.currentPasswordMismatch;
  if (error.status === 400 && error.type === 'password-not-strong') return passwordRefusal(error);
  if (error.status === 0 || error.status === 429) return error.message;
  return messages.unknownError;
}
