import { useId, useState } from 'react';
import type { CancelOffer } from '../../api/decisions';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { useDialogAction } from '../../ui/useDialogAction';
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
  /** The retention offer (the decision engine's cancel-flow-offer) shown before the reasons. */
  offer?: CancelOffer | null;
  /** Takes the offer instead of cancelling; rejects with an Error shown in the dialog. */
  onAcceptOffer?: (offer: CancelOffer) => Promise<void>;
  onClose: () => void;
  /** Rejects with an Error whose message is shown in the dialog. */
  onConfirm: (reason: string, reasonText: string) => Promise<void>;
}

/** Confirms a cancellation and asks why. */
export function CancelDialog({ open, accessUntil, offer, onAcceptOffer, onClose, onConfirm }: CancelDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonText, setReasonText] = useState('');
  const { error, setError, busy, run } = useDialogAction(open, () => {
    setReason('');
    setReasonText('');
  });

  const accept = (chosen: CancelOffer) => (onAcceptOffer ? run(() => onAcceptOffer(chosen)) : Promise.resolve());
  const submit = async () => {
    if (!reason) setError('Please choose a reason.');
    else await run(() => onConfirm(reason, reasonText.trim()));
  };

  return (
    <ModalDialog
      open={open}
      title="Cancel your membership?"
      description={accessUntil ? `You will keep your membership benefits until ${accessUntil}. You will not be charged again.` : 'You will not be charged again.'}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {offer && onAcceptOffer && (
        <section className="dialog__offer" aria-labelledby={`${id}-offer`}>
          <h3 id={`${id}-offer`}>{offer.heading}</h3>
          <p>{offer.text}</p>
          <Button variant="secondary" busy={busy} onClick={() => void accept(offer)}>
            {offer.acceptLabel}
          </Button>
        </section>
      )}
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
    </ModalDialog>
  );
}
