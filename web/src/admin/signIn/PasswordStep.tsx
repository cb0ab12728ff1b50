import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { ErrorAlert } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { checkSignIn } from '../checks';
import { signIn, type SignInNext } from '../data';
import { failureText } from './failure';

const FIELDS = ['email', 'password'] as const;

export function PasswordStep({ notice, onNext }: { notice: string | null; onNext: (next: SignInNext) => void }) {
  const form = useAccountForm({
    fields: FIELDS,
    check: checkSignIn,
    submit: async ({ email, password }) => {
      const { next } = await signIn({ email: email.trim(), password });
      onNext(next);
    },
    failure: failureText,
  });

  return (
    <>
      <p className="lead">Sign in with the email address and password of your Masthead account. Next you will need your authenticator app.</p>
      <div className="card">
        {notice && !form.message ? <ErrorAlert id={form.errorId}>{notice}</ErrorAlert> : <FormError form={form} />}
        <form noValidate onSubmit={form.onSubmit}>
          <TextField label="Email address" type="email" autoComplete="username" inputMode="email" {...form.field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
          <SubmitButton form={form} block>
            {form.submitting ? 'Checking…' : 'Continue'}
          </SubmitButton>
        </form>
      </div>
    </>
  );
}
