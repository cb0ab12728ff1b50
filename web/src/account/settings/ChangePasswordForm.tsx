import { useState } from 'react';
import { isApiError } from '../../api/client';
import { changePassword } from '../../api/identity';
import { StatusMessage } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { messages } from '../messages';
import { NEW_PASSWORD_HINT, passwordRefusal } from '../newPassword';
import { useAccountForm } from '../useAccountForm';
import { checkPasswordChange } from '../validation';

const FIELDS = ['currentPassword', 'newPassword'] as const;

export function ChangePasswordForm() {
  const [changed, setChanged] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    check: checkPasswordChange,
    submit: async ({ currentPassword, newPassword }) => {
      setChanged(false);
      await changePassword(currentPassword, newPassword);
      form.reset();
      setChanged(true);
    },
    failure: changePasswordErrorMessage,
  });

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <FormError form={form} />
      <StatusMessage>{changed && <p>Your password has been changed.</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          {...form.field('newPassword')}
        />
        <SubmitButton form={form}>Change password</SubmitButton>
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
