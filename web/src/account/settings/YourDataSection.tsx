import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { SubmitButton } from '../FormParts';
import { PROVIDER_LABELS } from '../social/texts';
import { useProviderConfirmation } from '../social/useProviderConfirmation';
import { useAccountForm } from '../useAccountForm';
import type { FormProblem } from '../validation';
import {
  DELETED_PATH,
  deleteAccount,
  downloadData,
  fetchDeleteOptions,
  readerDataErrorMessage,
  saveFile,
  type DeleteValidators,
} from './readerDataCalls';
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
        membership and payments, your saved payment methods (described, never their numbers), your comments, your referrals and your newsletters. We
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
const DELETE_OPTIONS_KEY = ['delete-options'] as const;

function checkDeletion(values: { password: string }): FormProblem<'password'> | null {
  return values.password === '' ? { field: 'password', message: ENTER_PASSWORD } : null;
}

function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const providersId = useId();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  // Asked before the step opens, so that it shows the right ways at once; until it is known,
  // or if it cannot be, the password (the server says what to do if there is none).
  const options = useQuery({ queryKey: DELETE_OPTIONS_KEY, queryFn: fetchDeleteOptions, retry: false, staleTime: 0 });
  const providers = options.data?.providers ?? [];
  const withPassword = options.data?.password !== false || providers.length === 0;

  const deleted = async (validators: DeleteValidators) => {
    await deleteAccount(validators);
    // The server has signed this browser out; the page that says so forgets the reader
    // (logging out here would race the navigation: this screen's guard would send the
    // reader to the login page while the next screen loads).
    navigate(DELETED_PATH, { replace: true, state: { deleted: true } });
  };
  const form = useAccountForm({
    fields: FIELDS,
    check: checkDeletion,
    submit: ({ password }) => deleted({ password }),
    failure: readerDataErrorMessage,
  });
  const provider = useProviderConfirmation((name) => deleted({ provider: name }), readerDataErrorMessage);

  const start = () => {
    setConfirming(true);
    // After React has shown the step: focus its heading, so it is read first.
    requestAnimationFrame(() => confirmHeading.current?.focus());
  };
  const keep = () => {
    form.reset();
    provider.clearProblem();
    setConfirming(false);
    requestAnimationFrame(() => startButton.current?.focus());
  };
  const busy = form.submitting || provider.waiting !== null;
  const keepButton = (
    <Button variant="secondary" onClick={keep} disabled={busy}>
      Keep my account
    </Button>
  );

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
          {/* One place for what went wrong, whichever way the reader confirmed. */}
          <ErrorAlert id={form.errorId}>{provider.problem ?? form.message}</ErrorAlert>
          {withPassword && (
            <form
              noValidate
              onSubmit={(event) => {
                provider.clearProblem();
                void form.onSubmit(event);
              }}
            >
              <TextField label="Your password" type="password" autoComplete="current-password" {...form.field('password')} />
              <div className="your-data__actions">
                <SubmitButton form={form}>Delete my account</SubmitButton>
                {keepButton}
              </div>
            </form>
          )}
          {providers.length > 0 && (
            <div className="your-data__providers" role="group" aria-labelledby={providersId}>
              <p id={providersId}>
                {withPassword
                  ? 'Or confirm it is you with the account you sign in with; your account is then deleted:'
                  : 'Confirm it is you with the account you sign in with; your account is then deleted:'}
              </p>
              <div className="your-data__actions">
                {providers.map((name) => (
                  <Button
                    key={name}
                    className="your-data__provider"
                    busy={provider.waiting === name}
                    disabled={busy && provider.waiting !== name}
                    onClick={() => {
                      form.reset();
                      provider.confirm(name);
                    }}
                  >
                    {provider.waiting === name ? `Waiting for ${PROVIDER_LABELS[name]}…` : `Confirm with ${PROVIDER_LABELS[name]}`}
                  </Button>
                ))}
                {!withPassword && keepButton}
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
