/**
 * The "CVV only" screen: a vaulted card is re-verified by its security code alone. The CVV
 * becomes a single-use CVV-only nonce, and onVerify updates the card with it.
 *
 * One dialog, two ways to take the CVV (as the card form has): the embedded sandbox's CVV
 * goes through this page's own input to the client API; in production a CVV-only Braintree
 * Hosted Field takes it in Braintree's frame, so the CVV never touches this page.
 */
import { useId, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../api/billing';
import { Button } from '../../ui/Button';
import type { CardField } from '../../ui/CardFormValidation';
import type { HostedCardTokenizer } from '../../ui/cardTokenizer';
import { HostedField } from '../../ui/HostedField';
import { ModalDialog } from '../../ui/ModalDialog';
import { TextField } from '../../ui/TextField';
import { useHostedFields } from '../../ui/useHostedFields';
import { messages } from '../messages';
import type { CvvTokenizer, CvvValuesTokenizer } from './api';
import { cvvLength, methodName } from './describe';

interface CvvDialogProps<Tokenizer = CvvTokenizer> {
  method: PaymentMethod | null;
  tokenizer: Tokenizer;
  onClose: () => void;
  /** Updates the method with the CVV-only nonce; rejects with the refusal's message. */
  onVerify: (method: PaymentMethod, nonce: string) => Promise<void>;
}

export function CvvDialog({ tokenizer, ...props }: CvvDialogProps) {
  if (tokenizer.kind === 'hosted') return <HostedCvvDialog tokenizer={tokenizer} {...props} />;
  return <ValuesCvvDialog tokenizer={tokenizer} {...props} />;
}

/** Tokenise, hand the nonce on, and keep the failure's sentence for the dialog's alert. */
function useVerify(onVerify: CvvDialogProps['onVerify']) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (method: PaymentMethod, tokenize: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await onVerify(method, await tokenize());
      return true;
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

interface CvvDialogFrameProps {
  method: PaymentMethod | null;
  busy: boolean;
  error: string | null;
  /** The hosted field's validity drives the button; the page's own input checks on submit. */
  submitDisabled?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

function CvvDialogFrame({ method, busy, error, submitDisabled = false, onClose, onSubmit, children }: CvvDialogFrameProps) {
  const length = method ? cvvLength(method) : 3;
  const side = length === 4 ? 'front' : 'back';
  return (
    <ModalDialog
      open={method !== null}
      title="Confirm your card’s CVV"
      description={`Enter the ${length}-digit security code (CVV) of your ${method ? methodName(method) : 'card'} to verify it. It is on the ${side} of the card.`}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {children}
      <div className="dialog__actions">
        <Button type="submit" busy={busy} disabled={submitDisabled}>
          {busy ? 'Verifying…' : 'Verify card'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}

/** The sandbox: the CVV is typed into this page's input and sent to the client API. */
function ValuesCvvDialog({ method, tokenizer, onClose, onVerify }: CvvDialogProps<CvvValuesTokenizer>) {
  const id = useId();
  const [cvv, setCvv] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, setError, run } = useVerify(onVerify);

  const length = method ? cvvLength(method) : 3;
  const state = cvv === '' ? 'empty' : new RegExp(`^\\d{${length}}$`).test(cvv) ? 'valid' : 'invalid';
  const fieldError = !touched || state === 'valid' ? null : state === 'empty' ? 'Please enter the CVV.' : 'The CVV field is invalid.';

  const close = () => {
    setCvv('');
    setTouched(false);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setTouched(true);
    if (!method || state !== 'valid' || busy) return;
    if (await run(method, () => tokenizer.tokenize(cvv))) {
      setCvv('');
      setTouched(false);
    }
  };

  return (
    <CvvDialogFrame method={method} busy={busy} error={error} onClose={close} onSubmit={() => void submit()}>
      <TextField
        label="CVV"
        name="cvv"
        className="cvv-field"
        value={cvv}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={length}
        spellCheck={false}
        required
        invalid={Boolean(fieldError)}
        errorId={`${id}-cvv-error`}
        onChange={(event) => setCvv(event.target.value.replace(/\D/g, '').slice(0, length))}
        onBlur={() => setTouched(true)}
      />
      {fieldError && (
        <p id={`${id}-cvv-error`} className="field__error">
          {fieldError}
        </p>
      )}
    </CvvDialogFrame>
  );
}

const CVV_ONLY: readonly CardField[] = ['cvv'];

/**
 * Production: a CVV-only Hosted Field, mounted while the dialog is open and torn down when it
 * closes; its events give the messages and enable the button.
 */
function HostedCvvDialog({ method, tokenizer, onClose, onVerify }: CvvDialogProps<HostedCardTokenizer>) {
  const id = useId();
  const hosted = useHostedFields(tokenizer, CVV_ONLY, {
    enabled: method !== null,
    cvvMaxLength: method ? cvvLength(method) : undefined,
    onSubmitRequest: () => submit(),
  });
  const { session } = hosted;
  const { busy, error, setError, run } = useVerify(onVerify);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!method || !session || !hosted.valid || busy) {
      hosted.touchAll();
      return;
    }
    void run(method, async () => (await session.tokenize()).nonce);
  };

  return (
    <CvvDialogFrame method={method} busy={busy} error={error ?? hosted.loadError} submitDisabled={!hosted.valid} onClose={close} onSubmit={submit}>
      <HostedField id={id} field="cvv" fieldClassName="cvv-field" message={hosted.messages.cvv} session={session} container={hosted.container('cvv')} />
      {!session && !hosted.loadError && (
        <p className="field__hint" role="status">
          Loading the secure card fields…
        </p>
      )}
    </CvvDialogFrame>
  );
}
