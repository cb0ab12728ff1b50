import { useId, useState } from 'react';
import { PAUSE_LENGTHS } from '../../api/subscriptionChanges';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { useDialogAction } from '../../ui/useDialogAction';
import { monthsWording, pauseText } from './changeTexts';

interface PauseDialogProps {
  open: boolean;
  /** The current plan's monthly price ("4.99"), for the pause text. */
  monthlyPrice: string | null;
  /** The first day without membership benefits: the end of the paid period. */
  pauseStarts: string | null;
  onClose: () => void;
  /** Rejects with an Error whose message is shown in the dialog. */
  onConfirm: (months: number) => Promise<void>;
}

/** "Pause subscription": how long, what it costs when it resumes, and when it starts. */
export function PauseDialog({ open, monthlyPrice, pauseStarts, onClose, onConfirm }: PauseDialogProps) {
  const id = useId();
  const [months, setMonths] = useState<number>(PAUSE_LENGTHS[0]);
  const { error, busy, run } = useDialogAction(open, () => setMonths(PAUSE_LENGTHS[0]));
  const submit = () => run(() => onConfirm(months));

  return (
    <ModalDialog
      open={open}
      title="Pause your membership"
      description={
        pauseStarts
          ? `Your membership stays as it is until ${pauseStarts}. You are not charged while it is paused.`
          : 'You are not charged while your membership is paused.'
      }
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <fieldset className="dialog__reasons">
        <legend className="field__label">How long would you like to pause for?</legend>
        {PAUSE_LENGTHS.map((length) => (
          <div className="checkbox" key={length}>
            <input
              id={`${id}-${length}`}
              className="checkbox__input"
              type="radio"
              name="pause-length"
              value={length}
              checked={months === length}
              onChange={() => setMonths(length)}
            />
            <label htmlFor={`${id}-${length}`} className="checkbox__label">
              {monthsWording(length)}
            </label>
          </div>
        ))}
      </fieldset>
      {monthlyPrice && <p data-testid="pause-text">{pauseText(months, monthlyPrice)}</p>}
      <div className="dialog__actions">
        <Button type="submit" busy={busy}>
          Pause membership
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Keep membership
        </Button>
      </div>
    </ModalDialog>
  );
}
