import { useId, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '../../api/billing';
import { ErrorAlert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { messages } from '../messages';
import { cvvLength, methodName } from './describe';
import { ModalDialog } from './ModalDialog';

interface CvvDialogProps {
  method: PaymentMethod | null;
  onClose: () => void;
  /** Tokenises the CVV and updates the method; rejects with the refusal's message. */
  onVerify: (method: PaymentMethod, cvv: string) => Promise<void>;
}

/** The "CVV only" screen: a vaulted card is re-verified by its security code alone. */
export function CvvDialog({ method, onClose, onVerify }: CvvDialogProps) {
  const id = useId();
  const [cvv, setCvv] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const length = method ? cvvLength(method) : 3;
  const state = cvv === '' ? 'empty' : new RegExp(`^\\d{${length}}$`).test(cvv) ? 'valid' : 'invalid';
  const fieldError = !touched || state === 'valid' ? null : state === 'empty' ? 'Please enter the CVV.' : 'The CVV field is invalid.';

  const close = () => {
    setCvv('');
    setTouched(false);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!method || state !== 'valid' || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onVerify(method, cvv);
      setCvv('');
      setTouched(false);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : messages.unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog open={method !== null} titleId={`${id}-title`} descriptionId={`${id}-text`} busy={busy} onClose={close}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="dialog__title">
          Confirm your card&rsquo;s CVV
        </h2>
        <p id={`${id}-text`}>
          Enter the {length}-digit security code (CVV) of your {method ? methodName(method) : 'card'} to verify it. It is on the {length === 4 ? 'front' : 'back'} of
          the card.
        </p>
        <ErrorAlert>{error && <p>{error}</p>}</ErrorAlert>
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
        <div className="dialog__actions">
          <Button type="submit" busy={busy}>
            {busy ? 'Verifying…' : 'Verify card'}
          </Button>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
