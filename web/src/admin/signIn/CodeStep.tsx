import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { TextField } from '../../ui/TextField';
import { checkSignInCode, signInCode } from '../checks';
import { submitCode, type Me } from '../data';
import { failureText, otherStep, pendingEnded } from './failure';
import { StepHeading } from './StepHeading';

const FIELDS = ['code'] as const;

interface CodeStepProps {
  onSignedIn: (me: Me) => void;
  onPendingEnded: (error: unknown) => void;
  /** The account has no app yet after all: enrol instead. */
  onEnrol: () => void;
}

export function CodeStep({ onSignedIn, onPendingEnded, onEnrol }: CodeStepProps) {
  const form = useAccountForm({
    fields: FIELDS,
    check: checkSignInCode,
    submit: async ({ code }) => {
      try {
        const { me } = await submitCode(signInCode(code) ?? code);
        onSignedIn(me);
      } catch (error) {
        if (otherStep(error)) onEnrol();
        else if (pendingEnded(error)) onPendingEnded(error);
        else throw error;
      }
    },
    failure: failureText,
  });

  return (
    <div className="card">
      <StepHeading>Enter your code</StepHeading>
      <p>Open your authenticator app and enter the 6-digit code it shows for Masthead. Lost your phone? Enter one of your recovery codes instead.</p>
      <FormError form={form} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label="Code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.field('code')} />
        <SubmitButton form={form} block>
          {form.submitting ? 'Signing in…' : 'Sign in'}
        </SubmitButton>
      </form>
    </div>
  );
}
