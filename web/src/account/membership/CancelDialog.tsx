import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/TextArea';

export const CANCEL_REASONS = [
  { value: 'too-expensive', label: 'It costs too much' },
  { value: 'not-using', label: 'I don’t use it enough' },
  { value: 'content', label: 'I’m not happy with the coverage' },
  { value: 'technical', label: 'I had technical problems' },
  { value: 'other', label: 'Another reason' },
] as const;

interface CancelDialogProps {
  open: boolean;
  accessUntil: string | null;
  onClose: () => void;
  /** Rejects with an Error whose message is shown in the dialog. */
  onConfirm: (reason: string, reasonText: string) => Promise<void>;
}

/** Confirms a cancellation and asks why. A modal <dialog>: focus stays inside, Escape closes. */
export function CancelDialog({ open, accessUntil, onClose, onConfirm }: CancelDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [reasonText, setReasonText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setReasonText('');
      setError(null);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason, reasonText.trim());
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'An unknown error has occurred.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="dialog__title">
          Cancel your membership?
        </h2>
        <p id={`${id}-text`}>
          {accessUntil
            ? `You will keep your membership benefits until ${accessUntil}. You will not be charged again.`
            : 'You will not be charged again.'}
        </p>
        <div role="alert" className="alert alert--error">
          {error && <p>{error}</p>}
        </div>
        <fieldset className="dialog__reasons">
          <legend className="field__label">Why are you cancelling?</legend>
          {CANCEL_REASONS.map((option) => (
            <div className="checkbox" key={option.value}>
              <input
                id={`${id}-${option.value}`}
                className="checkbox__input"
                type="radio"
                name="cancel-reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              <label htmlFor={`${id}-${option.value}`} className="checkbox__label">
                {option.label}
              </label>
            </div>
          ))}
        </fieldset>
        <TextArea label="Anything else you would like to tell us? (optional)" value={reasonText} maxLength={1000} onChange={(event) => setReasonText(event.target.value)} />
        <div className="dialog__actions">
          <Button type="submit" busy={busy}>
            Cancel membership
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep membership
          </Button>
        </div>
      </form>
    </dialog>
  );
}
