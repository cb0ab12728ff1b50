import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { useAccountForm } from '../useAccountForm';
import type { FormProblem } from '../validation';
import { DELETED_PATH, deleteAccount, downloadData, readerDataErrorMessage, saveFile } from './readerDataCalls';
import './YourDataSection.css';

export const ENTER_PASSWORD = 'Please enter your password to delete your account.';

/** Account settings' "Your data": download a copy of it, or delete the account. */
export function YourDataSection() {
  return (
    <section className="card" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <DownloadData />
      <DeleteAccount />
    </section>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      saveFile(await downloadData());
      setDone(true);
    } catch (failure) {
      setError(readerDataErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="your-data__part">
      <h3>Download my data</h3>
      <p>
        One file (JSON) with everything Masthead holds about you: your account and profile, where you are signed in, your
        membership and payments, your saved payment methods (described, never their numbers), your comments and your referrals. We
        email you when it is downloaded.
      </p>
      <ErrorAlert>{error}</ErrorAlert>
      <StatusMessage>{done && <p>Your data has been downloaded.</p>}</StatusMessage>
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        Download my data
      </Button>
    </div>
  );
}

const FIELDS = ['password'] as const;

function checkDeletion(values: { password: string }): FormProblem<'password'> | null {
  return values.password === '' ? { field: 'password', message: ENTER_PASSWORD } : null;
}

function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const form = useAccountForm({
    fields: FIELDS,
    check: checkDeletion,
    submit: async ({ password }) => {
      await deleteAccount(password);
      // The server has signed this browser out; the page that says so forgets the reader
      // (logging out here would race the navigation: this screen's guard would send the
      // reader to the login page while the next screen loads).
      navigate(DELETED_PATH, { replace: true, state: { deleted: true } });
    },
    failure: readerDataErrorMessage,
  });

  const start = () => {
    setConfirming(true);
    // After React has shown the step: focus its heading, so it is read first.
    requestAnimationFrame(() => confirmHeading.current?.focus());
  };
  const keep = () => {
    form.reset();
    setConfirming(false);
    requestAnimationFrame(() => startButton.current?.focus());
  };

  return (
    <div className="your-data__part">
      <h3>Delete my account</h3>
      {!confirming ? (
        <>
          <p>Your account and your personal details are deleted for good. This cannot be undone.</p>
          <Button ref={startButton} variant="secondary" onClick={start}>
            Delete my account…
          </Button>
        </>
      ) : (
        <div className="your-data__confirm" aria-labelledby={headingId} role="group">
          <h4 id={headingId} ref={confirmHeading} tabIndex={-1}>
            Are you sure you want to delete your account?
          </h4>
          <ul>
            <li>Your membership ends at the end of the period you have paid for. You will not be charged again.</li>
            <li>
              Your profile, your saved payment methods and your referral details are deleted, and you are signed out everywhere.
            </li>
            <li>Your comments stay where you wrote them, shown as by “Former reader”.</li>
            <li>Records of your payments are kept, as the law requires, without your name or email address.</li>
            <li>You can register again with the same email address at any time.</li>
          </ul>
          <FormError form={form} />
          <form noValidate onSubmit={form.onSubmit}>
            <TextField label="Your password" type="password" autoComplete="current-password" {...form.field('password')} />
            <div className="your-data__actions">
              <SubmitButton form={form}>Delete my account</SubmitButton>
              <Button variant="secondary" onClick={keep} disabled={form.submitting}>
                Keep my account
              </Button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
