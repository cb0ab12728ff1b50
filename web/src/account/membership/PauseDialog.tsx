import { useId, useState } from 'react';
import { PAUSE_LENGTHS } from '../../api/subscriptionChanges';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { useDialogAction } from '../../ui/useDialogAction';
import type { MembershipResponse, Subscription } from '../../api/billing';
import { formatDate } from '../../ui/dates';
import { monthsWording, pauseText } from './changeTexts';
import { lastPaidDay, pauseDays } from './periods';

interface PauseDialogProps {
  open: boolean;
  /** The subscription to pause: its paid period says when the pause starts. */
  subscription: Subscription | null;
  /** The plan's billing interval in months (1, 6 or 12). */
  frequency: number | null;
  /** A scheduled step-up: the resumed membership is charged the new price from its date. */
  priceChange?: MembershipResponse['priceChange'];
  onClose: () => void;
  /** Rejects with an Error whose message is shown in the dialog. */
  onConfirm: (months: number) => Promise<void>;
}

/** "Pause subscription": how long, what it costs when it resumes, and when it starts. */
export function PauseDialog({ open, subscription, frequency, priceChange, onClose, onConfirm }: PauseDialogProps) {
  const id = useId();
  const [months, setMonths] = useState<number>(PAUSE_LENGTHS[0]);
  const { error, busy, run } = useDialogAction(open, () => setMonths(PAUSE_LENGTHS[0]));
  const submit = () => run(() => onConfirm(months));
  const lastDay = formatDate(lastPaidDay(subscription));
  const days = pauseDays(subscription, months);
  // The resumed membership is a new subscription on the plan's price of that day.
  const amount = priceChange && days && priceChange.date <= days.resumes ? priceChange.amount : subscription?.plan.amount;

  return (
    <ModalDialog
      open={open}
      title="Pause your membership"
      description={
        lastDay && days
          ? `Your membership stays as it is through ${lastDay}, the last day you have paid for. The pause starts on ${formatDate(days.starts)}, the day you would next be charged, and you are not charged while it is paused.`
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
      {days && amount && frequency && <p data-testid="pause-text">{pauseText(months, { resumes: days.resumes, amount, frequency })}</p>}
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
