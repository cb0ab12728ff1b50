import { useEffect } from 'react';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { checkTotp, totpCode } from '../checks';
import { completeEnrolment, useEnrolment } from '../data';
import { groupSecret } from '../format';
import { failureText, otherStep, pendingEnded } from './failure';
import { StepHeading } from './StepHeading';

const FIELDS = ['code'] as const;

/** The server's SVG as an image: drawn by the browser as a picture, never as the page's markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface EnrolStepProps {
  onEnrolled: (codes: string[]) => void;
  onPendingEnded: (error: unknown) => void;
  /** The account has its app already (enrolled meanwhile): ask for its code instead. */
  onEnrolledAlready: () => void;
}

export function EnrolStep({ onEnrolled, onPendingEnded, onEnrolledAlready }: EnrolStepProps) {
  const enrolment = useEnrolment();
  const form = useAccountForm({
    fields: FIELDS,
    check: checkTotp,
    submit: async ({ code }) => {
      try {
        const { recovery_codes } = await completeEnrolment(totpCode(code) ?? code);
        onEnrolled(recovery_codes);
      } catch (error) {
        if (otherStep(error)) onEnrolledAlready();
        else if (pendingEnded(error)) onPendingEnded(error);
        else throw error;
      }
    },
    failure: failureText,
  });

  // Errors that another step answers: start again, or enter the app's code.
  const ended = enrolment.isError && (pendingEnded(enrolment.error) || otherStep(enrolment.error));
  useEffect(() => {
    if (!ended) return;
    if (otherStep(enrolment.error)) onEnrolledAlready();
    else onPendingEnded(enrolment.error);
  }, [ended]);

  return (
    <div className="card">
      <StepHeading>Set up two-step sign-in</StepHeading>
      <p>Staff sign in with a code from an authenticator app as well as their password. This is needed once, now.</p>
      {enrolment.isPending && <Spinner label="Loading your setup code…" />}
      {enrolment.isError && !ended && (
        <>
          <div role="alert" className="alert alert--error">
            <p>{enrolment.error.message}</p>
          </div>
          <Button onClick={() => void enrolment.refetch()}>Try again</Button>
        </>
      )}
      {enrolment.data && (
        <>
          <ol className="admin-enrol">
            <li>Open an authenticator app on your phone (such as 1Password, Google Authenticator or Microsoft Authenticator) and add an account.</li>
            <li>
              <p className="admin-enrol__text">Scan this QR code with the app:</p>
              <img
                className="admin-enrol__qr"
                src={svgDataUrl(enrolment.data.qr_svg)}
                width={200}
                height={200}
                alt="QR code that adds Masthead to your authenticator app. If you cannot scan it, type the setup key shown after it."
              />
              <p className="admin-enrol__text">Cannot scan it? Type this setup key into the app instead (the spaces do not matter):</p>
              <p className="admin-enrol__secret">
                <code>{groupSecret(enrolment.data.secret)}</code>
              </p>
              <p className="admin-enrol__text">
                Is the app on this device? <a href={enrolment.data.otpauth_uri}>Open the setup link in it</a>.
              </p>
            </li>
            <li>
              <p className="admin-enrol__text">Enter the 6-digit code the app now shows:</p>
              <FormError form={form} />
              <form noValidate onSubmit={form.onSubmit}>
                <TextField label="Code" autoComplete="one-time-code" inputMode="numeric" {...form.field('code')} />
                <SubmitButton form={form} block>
                  {form.submitting ? 'Checking…' : 'Turn on two-step sign-in'}
                </SubmitButton>
              </form>
            </li>
          </ol>
        </>
      )}
    </div>
  );
}
