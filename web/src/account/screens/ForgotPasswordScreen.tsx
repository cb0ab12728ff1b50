import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { requestPasswordReset } from '../../api/identity';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { TextField } from '../../ui/TextField';
import { checkedResolver, firstErrorMessage } from '../forms';
import { messages } from '../messages';
import { checkEmail } from '../validation';

const FIELDS = ['email'] as const;

export default function ForgotPasswordScreen() {
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
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      // Too many attempts and being offline have their own words; the rest is one message.
      const ownWords = isApiError(error) && (error.status === 429 || error.status === 0);
      setServerError(ownWords ? error.message : messages.resetProblem);
    }
  });

  return (
    <div className="page">
      <PageHeading title="Forgot your password?">Forgot your password?</PageHeading>
      <p className="lead">Enter the email address of your account and we will send you a link to set a new password.</p>
      <div className="card">
        <ErrorAlert id={errorId}>{firstErrorMessage(formState.errors, FIELDS) ?? serverError}</ErrorAlert>
        <StatusMessage>
          {sentTo && (
            <p>
              We have sent a link to reset your password to <strong>{sentTo}</strong>. It may take a minute to arrive.
            </p>
          )}
        </StatusMessage>
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
          <Button type="submit" className="button--block" busy={formState.isSubmitting}>
            Send reset link
          </Button>
        </form>
        <p className="form-footer">
          Remembered it? <Link to="/account/login">Back to log in</Link>
        </p>
      </div>
    </div>
  );
}
